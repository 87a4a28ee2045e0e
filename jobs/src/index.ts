export { queues, type RunningWorker, startWorker } from './worker.ts'
