import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot, webDist } from './paths.ts';

/** The e2e tests serve the built app; build it once if nobody has. */
export default function setup() {
  if (existsSync(`${webDist}/index.html`)) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w @app/web failed (exit ${result.status})`);
}
