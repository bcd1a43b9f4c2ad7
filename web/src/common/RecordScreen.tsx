import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';
import { ContentLoader } from './LoadingScreen';
import { PageHeader } from './PageHeader';

export interface RecordScreenProps<T> {
  title: string;
  backTo?: string;
  description?: ReactNode;
  /** The record's read (SWR): the record once there, the failure, and a re-read. */
  load: { data?: T; error?: unknown; mutate: () => Promise<unknown> };
  /** 'article', 'edition': named when the record cannot be loaded. */
  noun: string;
  /** The screen's body once the record is there; `reload` reads it again (Reload after a conflict). */
  children: (record: T, reload: () => Promise<unknown>) => ReactNode;
}

/** A screen about one stored record: its header, then the body once the record is read, why it could not be, or a spinner. */
export function RecordScreen<T>({ title, backTo, description, load, noun, children }: RecordScreenProps<T>) {
  const { data, error, mutate } = load;
  let content: ReactNode;
  if (data) content = children(data, () => mutate());
  else if (error) content = <LoadFailed error={error} noun={noun} backTo={backTo} onRetry={() => void mutate()} />;
  else content = <ContentLoader />;
  return (
    <>
      <PageHeader title={title} backTo={backTo} description={description} />
      {content}
    </>
  );
}
