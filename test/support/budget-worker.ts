/**
 * A worker thread of the rate-budget race test (test/unit/shared-cells.test.ts): armed, it blocks until the test
 * lets every worker go in the same instant, then asks for one call of the account and says whether it went.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { waitForBudget } from '../../helpers/http/rate-budget.ts';

const { account, gate } = workerData as { account: string; gate: SharedArrayBuffer };
const port = parentPort!;

port.on('message', (word: string) => {
  if (word !== 'arm') return;
  // Blocked here, the thread hears nothing until the gate opens: what it knows of the budget it learnt before.
  Atomics.wait(new Int32Array(gate), 0, 0);
  let went = false;
  void waitForBudget(account, 14).then(() => {
    went = true;
  });
  setTimeout(() => port.postMessage({ went }), 200);
});
port.postMessage('loaded');
