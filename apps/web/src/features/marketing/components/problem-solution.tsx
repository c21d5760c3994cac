import { useTranslation } from 'react-i18next';

/** Problem/solution (spec §2), without the unverified marketing percentages. */
export function ProblemSolution() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section" aria-labelledby="problem-title" data-section="problem-solution">
      <h2 id="problem-title" className="landing-section__title">
        {t('problem.title')}
      </h2>
      <div className="problem-solution">
        <div className="problem-solution__column problem-solution__column--problem">
          <h3>{t('problem.problemTitle')}</h3>
          <ul>
            <li>{t('problem.problem1')}</li>
            <li>{t('problem.problem2')}</li>
            <li>{t('problem.problem3')}</li>
          </ul>
        </div>
        <div className="problem-solution__column problem-solution__column--solution">
          <h3>{t('problem.solutionTitle')}</h3>
          <ul>
            <li>{t('problem.solution1')}</li>
            <li>{t('problem.solution2')}</li>
            <li>{t('problem.solution3')}</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
