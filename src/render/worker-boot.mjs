// Worker threads do not inherit tsx's loader in Node 20: register it, then load the worker module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
