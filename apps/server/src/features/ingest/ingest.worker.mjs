// Worker entry: registers tsx's loader in this thread (hooks registered by the main thread do
// not reach workers), then runs the TypeScript worker. See ingest-pool.ts.
import { register } from 'tsx/esm/api';

register();
await import('./ingest.worker.ts');
