import type { AiLocale, ChatTenderRef } from '@app/shared/ai';
import type { Tender } from '@app/shared/tender';
import type { ChatTurnInput, ChatTurnOutput } from './language-model.ts';
import { TRIAL_DAYS } from '@app/shared/billing';
import { countdown, daysLeft, formatClosing, formatMoney } from './labels.ts';
import { fold } from './service-map.ts';

/**
 * The offline chat engine: it recognises what the user wants and does the work a user would
 * do in Breeze (run the search with the natural-language parser, open a tender, read its
 * summary), then answers in Markdown with a link to every tender it names. The conversation's
 * tenders come from the stored messages' metadata, so nothing lives in process memory.
 * When it does not understand, it says so and lists what it can do.
 */

type Reply = Omit<ChatTurnOutput, 'provider'>;
type Attribute =
  'closing' | 'contact' | 'requirements' | 'value' | 'link' | 'location' | 'buyer' | 'category' | 'status';

const md = (s: string) => s.replace(/[[\]*_`<>]/g, (c) => `\\${c}`);
export const tenderLink = (t: { id: string; title: string }) =>
  `[${md(t.title)}](/tender-notice/${encodeURIComponent(t.id)})`;
const ref = (t: Tender): ChatTenderRef => ({ id: t.id, title: t.title });

const GREETING =
  /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|bonjour|bonsoir|salut|allo|allô)\b[\s!.,]*(?:there|breeze|breezeai)?[\s!.]*$/i;
const THANKS = /^(?:thanks?|thank you|merci|great|perfect|ok(?:ay)?|cool)\b[\s\S]{0,30}$/i;
/** Help about Breeze's plans: the plans of the database (names, prices), never a fixed list. */
const PLANS_TOPIC =
  /\bplans?\b|\bpric(?:e|es|ing)\b|\bsubscri|\btrial\b|\bbilling\b|\bcost of breeze\b|\babonnement|\bforfait|\bessai gratuit/;
/** Help topics in order; `plans` is answered from the database (plansHelp). */
const HELP_TOPICS: Array<[RegExp, { en: string; fr: string } | 'plans']> = [
  [
    /\bbookmark|\bsave (?:a |this |the )?tender|\bsaved\b|\bfavou?rite|\bsignet|\benregistrer/,
    {
      en: 'To bookmark a tender, open it and click **Bookmark Tender** in the sidebar (or the bookmark icon in its header). Your bookmarks are in the **Bookmarks** tab of Home and at /bookmarks, where you can add notes and archive them.',
      fr: 'Pour ajouter un appel d’offres à vos favoris, ouvrez-le et cliquez sur **Ajouter aux favoris** dans la barre latérale (ou l’icône de signet dans l’en-tête). Vos favoris sont dans l’onglet **Favoris** de l’accueil et à /bookmarks, où vous pouvez ajouter des notes et les archiver.',
    },
  ],
  [PLANS_TOPIC, 'plans'],
  [
    /\brfp analy|\banaly[sz]e (?:a |an |my |the )?(?:rfp|pdf|document)|\bupload|\bpdf\b|\banalyse d['’]appel/,
    {
      en: 'Open [RFP Analysis](/rfp-analysis), drop the tender’s PDF (or pick it), then click **Analyze**: Breeze extracts the requirements, dates, evaluation criteria and budget, each pointing to the page it came from.',
      fr: 'Ouvrez [Analyse d’appel d’offres](/rfp-analysis), déposez le PDF de l’appel d’offres, puis cliquez sur **Analyser** : Breeze en extrait les exigences, les dates, les critères d’évaluation et le budget.',
    },
  ],
  [
    /\balerts?\b|\bnotif|\bemail me|\balerte/,
    {
      en: 'An alert is a saved search: after each tender refresh Breeze runs it and emails you the tenders that are new since it last ran, each one once, right away or in a daily or weekly digest. Create one with **Create alert from this search** on the search page, **Set up Alert** on Home, or at [Alerts](/alerts), where you can also edit, pause, resume and delete them and preview what each matches. Your plan sets how many can be active at once (see [Plans & Billing](/plans)); new matches also appear in the notification bell.',
      fr: 'Une alerte est une recherche enregistrée : après chaque mise à jour des appels d’offres, Breeze la relance et vous envoie par courriel les appels d’offres nouveaux depuis sa dernière vérification, chacun une seule fois, tout de suite ou dans un résumé quotidien ou hebdomadaire. Créez-en une avec **Créer une alerte à partir de cette recherche** sur la page de recherche, **Créer une alerte** sur l’accueil, ou dans [Alertes](/alerts), où vous pouvez aussi les modifier, les suspendre, les réactiver, les supprimer et voir ce que chacune trouve. Votre forfait fixe combien peuvent être actives à la fois (voir [Forfaits et facturation](/plans)); les nouveaux résultats apparaissent aussi dans la cloche de notifications.',
    },
  ],
  [
    /\bprofile\b|\bonboarding\b|\bmy services\b|\bmy regions\b|\bprofil\b/,
    {
      en: 'Your [profile](/profile) (services, regions, industry, contract size, government experience) drives **Recommended for You** and the priority in each tender summary. Edit it with **Edit Profile**.',
      fr: 'Votre [profil](/profile) (services, régions, secteur, taille de contrat, expérience gouvernementale) alimente **Recommandés pour vous** et la priorité de chaque résumé. Modifiez-le avec **Modifier le profil**.',
    },
  ],
  [
    /\bhow (?:do|can|does) (?:i|you|breeze) (?:search|find)|\bsearch tips?\b|\bhow to search\b/,
    {
      en: 'Type what you need in plain words, for example “IT services contracts in Ontario under $100K” or “construction closing this month”: Breeze reads regions, amounts, dates and notice types from the text and shows what it understood. You can also ask me here.',
      fr: 'Écrivez votre besoin en mots simples, par exemple « services informatiques en Ontario de moins de 100 000 $ » : Breeze comprend les régions, montants, dates et types d’avis. Vous pouvez aussi me le demander ici.',
    },
  ],
];
const CAPABILITIES = {
  en: 'I can **find tenders** (“cybersecurity tenders in Ontario closing this month”), show **which tenders fit your profile**, **answer questions about a tender** we discussed (closing date, contact, requirements, value, where to bid), **summarize** one, **compare** two, and help with Breeze itself (bookmarks, plans, alerts, RFP analysis).',
  fr: 'Je peux **trouver des appels d’offres** (« cybersécurité en Ontario qui ferment ce mois-ci »), montrer **ceux qui correspondent à votre profil**, **répondre à vos questions sur un appel d’offres** dont nous avons parlé (date de clôture, contact, exigences, valeur, où soumissionner), en **résumer** un, en **comparer** deux, et vous aider avec Breeze (favoris, forfaits, alertes, analyse d’appel d’offres).',
};

const ATTRIBUTES: Array<[Attribute, RegExp]> = [
  [
    'closing',
    /\b(?:when|what time)\b.*\b(?:close|closes|closing|due|end|ends)\b|\bclos(?:e|es|ing)(?: date)?\b|\bdeadline\b|\bdue date\b|\bdays? left\b|\bhow long\b|\bdate limite\b|\bferme\b|\bclôture\b|\bcloture\b/,
  ],
  [
    'contact',
    /\bcontact|\bwho (?:do i|should i|can i) (?:ask|call|email|write)|\bemail\b|\bphone\b|\bcourriel|\btéléphone|\btelephone|\bresponsable\b/,
  ],
  [
    'requirements',
    /\brequire|\bmandatory\b|\bclearance\b|\bwhat do (?:i|we) need\b|\bqualif|\beligib|\bcertif|\binsurance\b|\bexigence|\bobligatoire|\bcote de securite/,
  ],
  [
    'value',
    /\bhow much\b|\bvalue\b|\bbudget\b|\bworth\b|\bprice\b|\bcost\b|\bamount\b|\bdollars?\b|\bvaleur\b|\bmontant\b|\bcombien\b/,
  ],
  [
    'link',
    /\bwhere (?:do|can|should) (?:i|we) (?:bid|apply|submit)|\bhow (?:do|can) (?:i|we) (?:bid|apply|submit)|\blink\b|\burl\b|\bofficial (?:notice|page)|\bsubmit\b|\bapply\b|\bsoumissionner\b|\blien\b|\bou (?:puis-je|dois-je) soumettre/,
  ],
  [
    'location',
    /\bwhere\b(?! (?:do|can|should) (?:i|we))|\blocation\b|\bdelivery\b|\bregion\b|\bprovince\b|\bcity\b|\bou\b.*\blivr|\blieu\b/,
  ],
  [
    'buyer',
    /\bwho (?:is|'s) (?:the )?(?:buyer|client|department|issuing)|\bwhich department\b|\bbuyer\b|\borgani[sz]ation\b|\bacheteur\b|\bministere\b/,
  ],
  ['category', /\bcategory\b|\bunspsc\b|\bgsin\b|\bwhat kind\b|\bcategorie\b/],
  ['status', /\bstatus\b|\bstill open\b|\bis it open\b|\bstatut\b|\btoujours ouvert/],
];

const SUMMARIZE =
  /\bsummar|\btell me (?:more )?about\b|\bdetails?\b|\boverview\b|\bwhat is (?:it|this|that)(?: about)?\b|\bexplain\b|\brésum|\bresum|\bparle[- ]moi\b|\bdecris\b/;
const COMPARE = /\bcompar|\bversus\b|\bvs\.?\b|\bdifference between\b|\bwhich (?:one )?is better\b|\bdifférence/;
const FIND =
  /\b(?:find|search|show|look(?:ing)? for|list|get me|are there|any|give me|need|want|recherche|cherche|trouve|montre|liste)\b|\btenders?\b|\bopportunit|\bcontracts?\b|\brfps?\b|\brfqs?\b|\bbids?\b|\bappels? d['’]offres\b|\bmarches\b/;
const RECOMMEND =
  /\brecommend|\bfor me\b|\bmatch(?:es|ing)? my\b|\bfit(?:s|ting)? (?:my|me|us|our)\b|\bsuited\b|\bbased on my profile\b|\bpour moi\b|\brecommand|\bcorrespond\w* a (?:mon|notre) profil|\bconvien\w* a (?:mon|notre)|\bselon (?:mon|notre) profil/;

const ORDINALS: Array<[RegExp, number]> = [
  [/\b(?:first|1st|premier|premiere|#1|number 1|no\.? ?1|n[o°] ?1)\b|(?<![\d$])\b1\b(?![\d,.$k])/, 0],
  [/\b(?:second|2nd|deuxieme|seconde?|#2|number 2|no\.? ?2)\b|(?<![\d$])\b2\b(?![\d,.$k])/, 1],
  [/\b(?:third|3rd|troisieme|#3|number 3|no\.? ?3)\b|(?<![\d$])\b3\b(?![\d,.$k])/, 2],
  [/\b(?:fourth|4th|quatrieme|#4|number 4)\b|(?<![\d$])\b4\b(?![\d,.$k])/, 3],
  [/\b(?:fifth|5th|cinquieme|#5|number 5)\b|(?<![\d$])\b5\b(?![\d,.$k])/, 4],
  [/\b(?:last one|last tender|dernier)\b/, -1],
];
const ID_PATTERN = /\b(?:cb|mx|ws|pw|test|demo)-[a-z0-9][a-z0-9-]{2,60}\b/gi;

/** The tenders the conversation has named, newest message first. */
function recentTenders(history: ChatTurnInput['history']): { list: ChatTenderRef[]; focus?: string } {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m?.role === 'model' && (m.metadata.tenders.length || m.metadata.focus)) {
      return { list: m.metadata.tenders, ...(m.metadata.focus ? { focus: m.metadata.focus } : {}) };
    }
  }
  return { list: [] };
}

/** Tenders the message points at: ids, ordinals ("the second one"), title words, or "it". */
function referencedIds(folded: string, original: string, recent: { list: ChatTenderRef[]; focus?: string }): string[] {
  const ids = new Set<string>();
  for (const m of original.matchAll(ID_PATTERN)) ids.add(m[0].toLowerCase());
  if (recent.list.length > 1) {
    for (const [re, index] of ORDINALS) {
      if (!re.test(folded)) continue;
      const t = index < 0 ? recent.list[recent.list.length - 1] : recent.list[index];
      if (t) ids.add(t.id);
    }
    if (ids.size === 0) {
      const words = new Set(folded.match(/\p{L}{4,}/gu) ?? []);
      let best: { id: string; hits: number } | undefined;
      for (const t of recent.list) {
        const hits = (fold(t.title).match(/\p{L}{4,}/gu) ?? []).filter((w) => words.has(w) && !COMMON.has(w)).length;
        if (hits >= 1 && (!best || hits > best.hits)) best = { id: t.id, hits };
      }
      if (best) ids.add(best.id);
    }
  }
  return [...ids];
}
const COMMON = new Set([
  'tender',
  'tenders',
  'services',
  'service',
  'when',
  'does',
  'close',
  'closing',
  'what',
  'about',
  'with',
  'this',
  'that',
  'them',
  'compare',
  'summarize',
  'requirements',
  'contact',
  'value',
  'canada',
]);

export async function offlineChat(input: ChatTurnInput): Promise<Reply> {
  const { message, locale, tools } = input;
  const fr = locale === 'fr';
  const folded = fold(message).replace(/\s+/g, ' ').trim();
  const recent = recentTenders(input.history);

  if (GREETING.test(folded)) {
    const profile = await tools.getProfile();
    const name = profile?.company_name ? (fr ? ` ${profile.company_name}` : ` ${profile.company_name}`) : '';
    return { message: `${fr ? 'Bonjour' : 'Hello'}${name}! ${CAPABILITIES[locale]}`, tenders: [] };
  }
  if (THANKS.test(folded) && folded.length < 40) {
    return {
      message: fr
        ? 'Avec plaisir! Demandez-moi autre chose quand vous voulez.'
        : 'You’re welcome! Ask me anything else whenever you like.',
      tenders: [],
      ...(recent.focus ? { focus: recent.focus } : {}),
    };
  }
  if (
    /\bwhat can you do\b|\bhelp\b|\bque (?:peux|pouvez)-(?:tu|vous) faire\b|\baide\b/.test(folded) &&
    folded.length < 60
  ) {
    return { message: CAPABILITIES[locale], tenders: [] };
  }
  // Help with Breeze itself, unless the question asks for tenders ("which tenders fit my profile?").
  const asksHelp =
    /\bhow\b|\bwhere\b|\bwhat\b|\bcan i\b|\bcomment\b|\bou\b|\bquel|\?/.test(folded) &&
    !FIND_STRONG.test(folded) &&
    !RECOMMEND.test(folded);
  for (const [re, text] of HELP_TOPICS) {
    if (asksHelp && re.test(folded)) {
      const help = text === 'plans' ? await plansHelp(input) : text[locale];
      return { message: help, tenders: [], ...(recent.focus ? { focus: recent.focus } : {}) };
    }
  }

  const ids = referencedIds(folded, message, recent);
  const attributes = ATTRIBUTES.filter(([, re]) => re.test(folded)).map(([a]) => a);

  if (COMPARE.test(folded)) {
    const pick = ids.length >= 2 ? ids.slice(0, 2) : recent.list.slice(0, 2).map((t) => t.id);
    const pair = (await Promise.all(pick.map((id) => tools.getTender(id)))).filter((t): t is Tender => t !== undefined);
    if (pair.length < 2) {
      return {
        message: fr
          ? 'Pour comparer, j’ai besoin de deux appels d’offres : cherchez-en d’abord, puis demandez « compare 1 et 2 ».'
          : 'To compare I need two tenders: search first, then ask “compare 1 and 2”.',
        tenders: [],
      };
    }
    return compare(pair as [Tender, Tender], input);
  }

  // A question about a tender: the one named, else the one in focus, else the only one listed.
  const targetId = ids[0] ?? recent.focus ?? (recent.list.length === 1 ? recent.list[0]?.id : undefined);
  const asksAboutTender = attributes.length > 0 && !FIND_STRONG.test(folded);
  if (
    (SUMMARIZE.test(folded) || asksAboutTender || (ids.length > 0 && !FIND_STRONG.test(folded))) &&
    !RECOMMEND.test(folded)
  ) {
    if (!targetId) {
      if (recent.list.length > 1) {
        return {
          message: fr
            ? `De quel appel d’offres parlez-vous? Par exemple « le premier » :\n\n${numbered(recent.list)}`
            : `Which tender do you mean? For example “the first one”:\n\n${numbered(recent.list)}`,
          tenders: recent.list,
        };
      }
      if (asksAboutTender || SUMMARIZE.test(folded)) {
        return {
          message: fr
            ? 'Je ne sais pas de quel appel d’offres vous parlez. Demandez-moi d’abord d’en trouver (par exemple « services de nettoyage en Alberta »), ou donnez son numéro de référence.'
            : 'I don’t know which tender you mean. Ask me to find some first (for example “janitorial services in Alberta”), or give me its reference number.',
          tenders: [],
        };
      }
    } else {
      const tender = await tools.getTender(targetId);
      if (!tender) {
        return {
          message: fr
            ? `Je ne trouve pas l’appel d’offres « ${md(targetId)} ».`
            : `I can’t find the tender “${md(targetId)}”.`,
          tenders: [],
        };
      }
      if (SUMMARIZE.test(folded) || attributes.length === 0) return summarize(tender, input);
      return answerAttributes(tender, attributes, input);
    }
  }

  if (RECOMMEND.test(folded)) return recommend(input);
  if (FIND.test(folded) || folded.split(' ').length <= 6) return find(message, input);

  return {
    message: fr
      ? `Je ne suis pas sûr d’avoir compris. ${CAPABILITIES.fr}`
      : `I’m not sure I understood that, and I’d rather say so than guess. ${CAPABILITIES.en}`,
    tenders: [],
    ...(recent.focus ? { focus: recent.focus } : {}),
  };
}

/** Words that mean "search", even when an attribute word ("closing this month") is present. */
const FIND_STRONG =
  /\b(?:find|search|show me|look(?:ing)? for|list|are there|any (?:\p{L}+ )?tenders|give me|recherche|cherche|trouve|montre)\b|\btenders (?:in|for|about|closing|under|over)\b|\bappels d['’]offres (?:en|pour|de)\b/u;

function numbered(list: ChatTenderRef[]): string {
  return list.map((t, i) => `${i + 1}. ${tenderLink(t)}`).join('\n');
}

function closingPhrase(t: Tender, locale: AiLocale, now: Date): string {
  if (!t.closing_date) return locale === 'fr' ? 'date de clôture non précisée' : 'no closing date given';
  return `${formatClosing(t.closing_date, locale)} (${countdown(daysLeft(t.closing_date, now), locale)})`;
}

/** Chat words that ask for a search but are not what to search for: "can you find me any…". */
const COMMAND_WORDS =
  /(?<![\p{L}\p{N}])(?:please|pls|can you|could you|would you|i(?:'m| am) looking for|looking for|i (?:need|want)|are there(?: any)?|is there(?: any)?|show me|find me|get me|give me|find|search(?: for)?|show|list|look up|any|some|new|open|current|available|tenders?|opportunit(?:y|ies)|s['’]il (?:te|vous) pla[iî]t|peux-tu|pouvez-vous|trouve(?:z|-moi)?|cherche(?:z|-moi)?|montre(?:z|-moi)?|des|les|appels? d['’]offres(?: de| pour| en)?(?= |$))(?![\p{L}\p{N}])[?!.]*/giu;

export function searchTextOf(message: string): string {
  const cleaned = message.replace(COMMAND_WORDS, ' ').replace(/[?!]+/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned || message.trim();
}

async function find(message: string, input: ChatTurnInput): Promise<Reply> {
  const { locale, tools, now } = input;
  const fr = locale === 'fr';
  const res = await tools.searchTenders(searchTextOf(message), 5);
  const understood = res.search_metadata.understood.map((u) => u.label);
  const keywords = res.search_metadata.keywords;
  const what = [keywords ? `“${md(keywords)}”` : null, understood.length ? understood.join(', ') : null]
    .filter(Boolean)
    .join(' · ');
  if (res.results.length === 0) {
    return {
      message: fr
        ? `Je n’ai trouvé aucun appel d’offres ouvert pour ${what || 'cette demande'}. Essayez des mots plus généraux, une autre région ou une période plus longue.`
        : `I found no open tenders for ${what || 'that request'}. Try broader words, another region or a longer period.`,
      tenders: [],
    };
  }
  const total = res.search_metadata.total_is_lower_bound ? `${res.total_results}+` : String(res.total_results);
  const lines = res.results.map(
    (t, i) =>
      `${i + 1}. ${tenderLink(t)} — ${md(t.contracting_entity_name ?? '')}${t.contracting_entity_name ? ' · ' : ''}${fr ? 'ferme le' : 'closes'} ${closingPhrase(t, locale, now)}`,
  );
  const head = fr
    ? `J’ai trouvé **${total}** appel${res.total_results > 1 ? 's' : ''} d’offres ouvert${res.total_results > 1 ? 's' : ''}${what ? ` pour ${what}` : ''}. ${res.results.length > 1 ? `Voici les ${res.results.length} plus pertinents` : 'Le voici'} :`
    : `I found **${total}** open tender${res.total_results === 1 ? '' : 's'}${what ? ` for ${what}` : ''}. ${res.results.length > 1 ? `Here are the top ${res.results.length}` : 'Here it is'}:`;
  const tail = fr
    ? 'Demandez-moi par exemple « quand ferme le premier? », « résume le 2 » ou « compare 1 et 2 ».'
    : 'Ask me, for example, “when does the first one close?”, “summarize #2” or “compare 1 and 2”.';
  const tenders = res.results.map(ref);
  return {
    message: `${head}\n\n${lines.join('\n')}\n\n${tail}`,
    tenders,
    ...(tenders.length === 1 && tenders[0] ? { focus: tenders[0].id } : {}),
  };
}

/**
 * "Which tenders fit my profile?": the same ranking as Recommended for You (GET
 * /api/recommendations), each tender with its match score and the reasons in words.
 */
async function recommend(input: ChatTurnInput): Promise<Reply> {
  const { locale, tools, now } = input;
  const fr = locale === 'fr';
  const profile = await tools.getProfile();
  if (!profile || (!profile.primary_services.length && !profile.service_regions.length)) {
    return {
      message: fr
        ? 'Je n’ai pas encore votre profil (services et régions). Complétez votre [profil](/profile) et je chercherai les appels d’offres qui vous conviennent; vous pouvez aussi me dire ce que vous cherchez.'
        : 'I don’t have your services and regions yet. Complete your [profile](/profile) and I’ll look for tenders that fit; or just tell me what you are looking for.',
      tenders: [],
    };
  }
  const page = await tools.recommend(5);
  const services = profile.primary_services.join(', ');
  const regions = profile.service_regions.join(', ');
  const basis = [services, regions]
    .filter(Boolean)
    .map(md)
    .join(fr ? ' ; ' : '; ');
  if (page.results.length === 0) {
    return {
      message: fr
        ? `Aucun appel d’offres ouvert ne correspond à votre profil (${basis}) pour le moment. Essayez de me dire ce que vous cherchez, ou élargissez votre [profil](/profile).`
        : `No open tender fits your profile (${basis}) right now. Tell me what you are looking for, or widen your [profile](/profile).`,
      tenders: [],
    };
  }
  const lines = page.results.map((t, i) => {
    const reasons = t.reasons.slice(0, 3).map(md).join('; ');
    const score = fr ? `correspondance de ${t.relevanceScore} %` : `${t.relevanceScore}% match`;
    return `${i + 1}. ${tenderLink(t)} — **${score}**${reasons ? `: ${reasons}` : ''} · ${fr ? 'ferme le' : 'closes'} ${closingPhrase(t, locale, now)}`;
  });
  const total = page.total;
  const head = fr
    ? `D’après votre profil (${basis}), ${total > 1 ? `voici les ${page.results.length} meilleurs de ${total} appels d’offres ouverts qui correspondent` : 'voici l’appel d’offres ouvert qui correspond'} :`
    : `Based on your profile (${basis}), ${total > 1 ? `here are the top ${page.results.length} of ${total} open tenders that fit` : 'here is the open tender that fits'}:`;
  const tail = fr
    ? 'Les mêmes résultats sont dans **Recommandés pour vous** sur l’accueil. Demandez-moi par exemple « résume le 1 ».'
    : 'The same list is in **Recommended for You** on Home. Ask me, for example, “summarize #1”.';
  const tenders = page.results.map(ref);
  return {
    message: `${head}\n\n${lines.join('\n')}\n\n${tail}`,
    tenders,
    ...(tenders.length === 1 && tenders[0] ? { focus: tenders[0].id } : {}),
  };
}

const COUNT_WORDS: Record<AiLocale, string[]> = {
  en: ['no', 'one', 'two', 'three', 'four', 'five', 'six'],
  fr: ['aucun', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six'],
};

/** The plans as the database holds them: names, monthly and yearly prices, the yearly saving. */
async function plansHelp(input: ChatTurnInput): Promise<string> {
  const { locale, tools } = input;
  const fr = locale === 'fr';
  const plans = await tools.listPlans();
  if (plans.length === 0) {
    return fr
      ? 'Je ne trouve aucun forfait pour le moment. Consultez la [page des prix](/pricing).'
      : 'I can’t find any plans right now. See the [pricing page](/pricing).';
  }
  const money = (cents: number) => formatMoney(cents / 100, locale);
  const items = plans.map((p) =>
    fr
      ? `- **${md(p.name)}** : ${money(p.priceMonthly)} par mois ou ${money(p.priceYearly)} par année — ${md(p.description)}`
      : `- **${md(p.name)}**: ${money(p.priceMonthly)} a month or ${money(p.priceYearly)} a year — ${md(p.description)}`,
  );
  const savings = plans.map((p) =>
    p.priceMonthly > 0 ? Math.round(100 * (1 - p.priceYearly / (p.priceMonthly * 12))) : 0,
  );
  const save = savings.every((x) => x === savings[0]) && (savings[0] ?? 0) > 0 ? savings[0] : null;
  const count = COUNT_WORDS[locale][plans.length] ?? String(plans.length);
  const head = fr
    ? `Breeze offre ${count} forfait${plans.length > 1 ? 's' : ''}, facturé${plans.length > 1 ? 's' : ''} au mois ou à l’année${save ? ` (l’annuel fait économiser ${save} %)` : ''}, avec un **essai gratuit de ${TRIAL_DAYS} jours** sans carte de crédit :`
    : `Breeze has ${count} plan${plans.length > 1 ? 's' : ''}, billed monthly or yearly${save ? ` (yearly saves ${save}%)` : ''}, with a **${TRIAL_DAYS}-day free trial** and no credit card needed:`;
  const tail = fr
    ? 'Comparez-les sur la [page des prix](/pricing).'
    : 'Compare their features and limits on the [pricing page](/pricing).';
  return `${head}\n\n${items.join('\n')}\n\n${tail}`;
}

function summarize(t: Tender, input: ChatTurnInput): Reply {
  const { locale, tools, now } = input;
  const fr = locale === 'fr';
  const a = tools.analyze(t);
  const reqs = a.requirements.slice(0, 5).map((r) => `  - ${md(r)}`);
  const lines = [
    `**${tenderLink(t)}**`,
    '',
    md(a.summary),
    '',
    `- **${fr ? 'Objectif' : 'Objective'}:** ${md(a.keyDetails.objective)}`,
    `- **${fr ? 'Catégorie' : 'Category'}:** ${md(a.keyDetails.category)}`,
    `- **${fr ? 'Valeur' : 'Value'}:** ${md(a.keyDetails.value)}`,
    `- **${fr ? 'Clôture' : 'Closing'}:** ${closingPhrase(t, locale, now)}`,
    `- **${fr ? 'Exigences' : 'Requirements'}:**${reqs.length ? `\n${reqs.join('\n')}` : fr ? ' aucune mentionnée dans l’avis' : ' none named in the notice'}`,
  ];
  return { message: lines.join('\n'), tenders: [ref(t)], focus: t.id };
}

function answerAttributes(t: Tender, attributes: Attribute[], input: ChatTurnInput): Reply {
  const { locale, now, tools } = input;
  const fr = locale === 'fr';
  const link = tenderLink(t);
  const out: string[] = [];
  for (const attribute of attributes.slice(0, 3)) {
    switch (attribute) {
      case 'closing': {
        const days = daysLeft(t.closing_date, now);
        if (!t.closing_date)
          out.push(
            fr ? `L’avis ${link} ne donne pas de date de clôture.` : `The notice ${link} gives no closing date.`,
          );
        else if (days !== null && days < 0)
          out.push(
            fr
              ? `${link} a fermé le ${formatClosing(t.closing_date, locale)}.`
              : `${link} closed on ${formatClosing(t.closing_date, locale)}.`,
          );
        else
          out.push(
            fr
              ? `${link} ferme le **${formatClosing(t.closing_date, locale)}** (${countdown(days, locale)}).`
              : `${link} closes on **${formatClosing(t.closing_date, locale)}** (${countdown(days, locale)}).`,
          );
        break;
      }
      case 'contact': {
        const parts = [
          t.contact_name ? md(t.contact_name) : null,
          t.contact_email ? `[${md(t.contact_email)}](mailto:${t.contact_email})` : null,
          t.contact_phone ? md(t.contact_phone) : null,
        ].filter(Boolean);
        out.push(
          parts.length
            ? fr
              ? `Le contact pour ${link} : ${parts.join(' · ')}.`
              : `The contact for ${link} is ${parts.join(' · ')}.`
            : fr
              ? `L’avis ${link} ne nomme pas de contact.`
              : `The notice ${link} names no contact.`,
        );
        break;
      }
      case 'requirements': {
        const a = tools.analyze(t);
        out.push(
          a.requirements.length
            ? `${fr ? `Exigences de ${link} d’après l’avis` : `Requirements of ${link} from the notice`}:\n\n${a.requirements
                .slice(0, 8)
                .map((r) => `- ${md(r)}`)
                .join('\n')}`
            : fr
              ? `Le texte de ${link} ne nomme aucune exigence particulière; les documents d’appel d’offres les contiennent.`
              : `The text of ${link} names no specific requirement; the solicitation documents will have them.`,
        );
        break;
      }
      case 'value': {
        const a = tools.analyze(t);
        out.push(
          a.keyDetails.valueAmount !== null
            ? fr
              ? `Valeur de ${link} : **${md(a.keyDetails.value)}**, selon le texte de l’avis.`
              : `The value of ${link} is **${md(a.keyDetails.value)}**, as stated in the notice.`
            : fr
              ? `L’avis ${link} n’indique pas de valeur; je ne vais pas en inventer une.`
              : `The notice ${link} does not state a value, and I won’t guess one.`,
        );
        break;
      }
      case 'link': {
        const url = t.source_url;
        const docs = t.attachment_urls.length;
        const sol = t.source_reference
          ? fr
            ? ` (numéro d’invitation ${md(t.source_reference)})`
            : ` (solicitation ${md(t.source_reference)})`
          : '';
        out.push(
          url
            ? fr
              ? `Les soumissions pour ${link}${sol} se font selon l’avis officiel : [voir l’avis officiel](${url}).${docs ? ` Il a ${docs} document${docs > 1 ? 's' : ''} joint${docs > 1 ? 's' : ''} à lire avant de soumissionner.` : ''}`
              : `Bids for ${link}${sol} follow the official notice: [View the official notice](${url}).${docs ? ` It has ${docs} attached document${docs > 1 ? 's' : ''} to read before bidding.` : ''}`
            : fr
              ? `Je n’ai pas de lien officiel pour ${link}; écrivez au contact de l’avis.`
              : `I have no official link for ${link}; write to the notice’s contact.`,
        );
        break;
      }
      case 'location': {
        const where = t.delivery_location ?? (t.regions_of_delivery.join(', ') || null);
        const entity = [t.contracting_entity_city, t.contracting_entity_province].filter(Boolean).join(', ');
        out.push(
          fr
            ? `${link} : livraison ${where ? `à ${md(where)}` : 'non précisée'}${entity ? `; l’acheteur est à ${md(entity)}` : ''}.`
            : `${link}: delivery ${where ? `in ${md(where)}` : 'not stated'}${entity ? `; the buyer is in ${md(entity)}` : ''}.`,
        );
        break;
      }
      case 'buyer':
        out.push(
          fr
            ? `L’acheteur de ${link} est ${md(t.contracting_entity_name ?? 'non précisé')}.`
            : `The buyer for ${link} is ${md(t.contracting_entity_name ?? 'not stated')}.`,
        );
        break;
      case 'category':
        out.push(`${link}: ${md(tools.analyze(t).keyDetails.category)}.`);
        break;
      case 'status':
        out.push(fr ? `${link} : statut ${md(t.status)}.` : `${link} is ${md(t.status)}.`);
        break;
    }
  }
  return { message: out.join('\n\n'), tenders: [ref(t)], focus: t.id };
}

function compare([a, b]: [Tender, Tender], input: ChatTurnInput): Reply {
  const { locale, tools, now } = input;
  const fr = locale === 'fr';
  const [sa, sb] = [tools.analyze(a), tools.analyze(b)];
  const cell = (s: string) => md(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const row = (label: string, x: string, y: string) => `| ${label} | ${cell(x)} | ${cell(y)} |`;
  const lines = [
    `| | ${tenderLink(a)} | ${tenderLink(b)} |`,
    '|---|---|---|',
    row(fr ? 'Acheteur' : 'Buyer', a.contracting_entity_name ?? '—', b.contracting_entity_name ?? '—'),
    row(fr ? 'Catégorie' : 'Category', sa.keyDetails.category, sb.keyDetails.category),
    row(fr ? 'Clôture' : 'Closing', closingPhrase(a, locale, now), closingPhrase(b, locale, now)),
    row(fr ? 'Valeur' : 'Value', sa.keyDetails.value, sb.keyDetails.value),
    row(fr ? 'Livraison' : 'Delivery', a.delivery_location ?? '—', b.delivery_location ?? '—'),
    row(fr ? 'Type d’avis' : 'Notice type', a.procurement_type ?? '—', b.procurement_type ?? '—'),
    row(fr ? 'Exigences' : 'Requirements', kinds(sa.requirementKinds, locale), kinds(sb.requirementKinds, locale)),
  ];
  const da = daysLeft(a.closing_date, now);
  const db = daysLeft(b.closing_date, now);
  let note = '';
  if (da !== null && db !== null && da !== db) {
    const sooner = da < db ? a : b;
    note = fr ? `\n\n${tenderLink(sooner)} ferme en premier.` : `\n\n${tenderLink(sooner)} closes first.`;
  }
  return { message: lines.join('\n') + note, tenders: [ref(a), ref(b)] };
}

const KIND_WORDS: Record<AiLocale, Record<string, string>> = {
  en: {
    security: 'security',
    insurance: 'insurance',
    bonding: 'bonding',
    site_visit: 'site visit',
    certification: 'certification',
    trade_agreement: 'trade agreements',
    set_aside: 'set-aside',
    bilingual: 'bilingual',
    canadian_content: 'Canadian content',
    mandatory: 'mandatory terms',
  },
  fr: {
    security: 'sécurité',
    insurance: 'assurance',
    bonding: 'garantie',
    site_visit: 'visite des lieux',
    certification: 'certification',
    trade_agreement: 'accords commerciaux',
    set_aside: 'marché réservé',
    bilingual: 'bilinguisme',
    canadian_content: 'contenu canadien',
    mandatory: 'clauses obligatoires',
  },
};
function kinds(list: string[], locale: AiLocale): string {
  const names = [...new Set(list)].map((k) => KIND_WORDS[locale][k] ?? k);
  return names.length ? names.join(', ') : locale === 'fr' ? 'aucune nommée' : 'none named';
}
