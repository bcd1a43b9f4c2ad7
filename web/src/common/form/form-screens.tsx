import type { ComponentType, ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../PageHeader';
import { RecordScreen } from '../RecordScreen';

/** What a record's form is given: the record (absent when adding), a re-read of it, and where Cancel goes. */
export interface RecordFormProps<T> {
  record?: T;
  reload?: () => Promise<unknown>;
  backTo?: string;
}

interface FormScreenProps<T> {
  title: string;
  backTo?: string;
  description?: ReactNode;
  form: ComponentType<RecordFormProps<T>>;
}

/** CONTRACT.md §4's add mode: no id, an empty form. */
export function CreateRecordScreen<T>({ title, backTo, description, form: Form }: FormScreenProps<T>) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} description={description} />
      <Form backTo={backTo} />
    </>
  );
}

interface EditRecordScreenProps<T> extends FormScreenProps<T> {
  /** 'client', 'role': named when the record cannot be loaded. */
  noun: string;
  /** The record's read (SWR) by the id in the path. */
  useRecord: (id: string | undefined) => { data?: T; error?: unknown; mutate: () => Promise<unknown> };
  /** In place of `description`, once the record is loaded. */
  describeRecord?: (record: T) => ReactNode;
}

/** CONTRACT.md §4's update mode: an id in the path, and the record loads before its form shows. */
export function EditRecordScreen<T extends { _id: string; version: number }>(props: EditRecordScreenProps<T>) {
  const { title, backTo, description, form: Form, noun, useRecord, describeRecord } = props;
  const { id } = useParams();
  const load = useRecord(id);
  const described = describeRecord ? load.data && describeRecord(load.data) : description;
  return (
    <RecordScreen title={title} backTo={backTo} description={described} load={load} noun={noun}>
      {/* A re-read record (Reload after a conflict) starts a fresh form at its version. */}
      {(record, reload) => (
        <Form key={`${record._id}:${record.version}`} record={record} reload={reload} backTo={backTo} />
      )}
    </RecordScreen>
  );
}
