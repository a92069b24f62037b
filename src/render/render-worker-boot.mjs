// Worker threads do not inherit tsx's loader in Node 20: register it, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
