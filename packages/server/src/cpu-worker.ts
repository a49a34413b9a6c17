/**
 * The CPU pool's worker thread (workers/cpu-pool.ts): the tasks too heavy for the server's
 * own thread. Built to dist/cpu-worker.js (scripts/server-bundle.mjs); Node runs no TypeScript
 * in a worker thread.
 */
import { reportTasks } from './modules/reports/report-tasks'
import { serveTasks } from './workers/cpu-runtime'

serveTasks({ ...reportTasks })
