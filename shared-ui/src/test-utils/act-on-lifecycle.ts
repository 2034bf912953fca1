import { act } from '@testing-library/react';

// Apart from remote.tsx, which imports react-router: a test counting that import can use this.
/**
 * Runs a lifecycle call (mount, update) inside act and waits for it. A mount renders as a transition
 * and resolves when React has committed (react-lifecycles.ts), but inside act React commits only when
 * the act scope ends: so the call starts inside the scope, the scope ends once the call's own
 * preparation (the texts' import) has had its turn, and the call is awaited after it.
 */
export async function actOnLifecycle(call: () => Promise<unknown>): Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  await act(async () => {
    pending = call();
    let settled = false;
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    // A few turns of the event loop: a remote's module and texts load as resolved promises here. Not
    // a wait on a condition, for want of one (issue 32): what the call waits for, the commit, comes
    // only once this scope has ended, and the render's scheduling in between is React's own affair.
    // So the turns are counted, and end early if the call settles without rendering.
    for (let turn = 0; turn < 10 && !settled; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await pending;
}
