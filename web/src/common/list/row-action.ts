import { errorMessage } from '../errors';
import { notifyError, notifyRowActionFailed, notifySuccess } from '../notify';

export interface RowActionCall {
  run: () => Promise<unknown>;
  /** The success popup. */
  done: string;
  /** The failure popup's title. */
  failed: string;
  /** The row's title: a failure because someone else changed the row says so by name. */
  rowTitle?: string;
  /** Re-reads the list, whatever the outcome. */
  revalidate: () => Promise<unknown>;
}

/** A list's row action (Block, Publish, …): its call, a popup saying how it went, then the list re-read. */
export async function runRowAction({ run, done, failed, rowTitle, revalidate }: RowActionCall): Promise<void> {
  try {
    await run();
    notifySuccess(done);
  } catch (failure) {
    if (rowTitle === undefined) notifyError(errorMessage(failure), failed);
    else notifyRowActionFailed(failure, rowTitle, failed);
  } finally {
    await revalidate();
  }
}
