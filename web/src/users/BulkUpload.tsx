import { Badge, Button, FileButton, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { BULK_UPLOAD } from '../../../shared/constants';
import { errorMessage } from '../common/errors';
import { fileExtension, shortFileName } from '../common/files';
import { notifyError, notifySuccess } from '../common/notify';
import { type BulkUploadResult, bulkUploadUsers, revalidateUsers } from './api';

const ACCEPT = BULK_UPLOAD.accept;
const ACCEPTED_EXTENSIONS = ACCEPT.split(',');
const MAX_BYTES = BULK_UPLOAD.maxBytes;

/** The bulk-upload file picker of Manage User: uploads one file, then shows what was created and what failed. */
export function BulkUpload() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkUploadResult | null>(null);
  const [resultOpen, setResultOpen] = useState(false);
  const resetRef = useRef<() => void>(null);

  const reject = (file: File, reason: string) => notifyError(`${shortFileName(file.name)}: ${reason}`, 'File rejected');

  const upload = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!ACCEPTED_EXTENSIONS.includes(fileExtension(file.name))) {
      reject(file, 'file-invalid-type (use a .csv, .xlsx or .docx file)');
      return;
    }
    if (file.size > MAX_BYTES) {
      reject(file, 'file-too-large (at most 5 MB)');
      return;
    }
    setBusy(true);
    try {
      const outcome = await bulkUploadUsers(file);
      notifySuccess(`${outcome.created} created, ${outcome.failed} failed`, 'User Bulk Upload created Successfully');
      setResult(outcome);
      if (outcome.failed > 0) setResultOpen(true);
      void revalidateUsers();
    } catch (error) {
      reject(file, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const failedRows = result?.rows.filter((row) => row.status === 'failed') ?? [];

  return (
    <>
      <FileButton onChange={(file) => void upload(file)} accept={ACCEPT} resetRef={resetRef} disabled={busy}>
        {(props) => (
          <Tooltip
            label="A .csv, .xlsx or .docx file with the columns name, email, phone, roles and password; up to 5 MB"
            withArrow
            multiline
            maw={280}
          >
            <Button {...props} variant="default" leftSection={<IconFileUpload size={18} />} loading={busy}>
              Bulk Upload
            </Button>
          </Tooltip>
        )}
      </FileButton>
      {result && result.failed > 0 && !resultOpen && (
        <Button variant="subtle" color="red" onClick={() => setResultOpen(true)}>
          {result.failed} failed rows
        </Button>
      )}

      <Modal opened={resultOpen} onClose={() => setResultOpen(false)} title="Bulk upload results" size="lg" centered>
        {result && (
          <Stack gap="md">
            <Group gap="sm">
              <Badge color="green" variant="light" size="lg">
                {result.created} created
              </Badge>
              <Badge color="red" variant="light" size="lg">
                {result.failed} failed
              </Badge>
            </Group>
            {failedRows.length > 0 && (
              <>
                <Text size="sm" c="dimmed">
                  These rows were not imported. Fix them in the file and upload only those rows again.
                </Text>
                <Table.ScrollContainer type="native" minWidth={460} maxHeight={360}>
                  <Table striped withTableBorder stickyHeader aria-label="Rows that failed">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={64}>Row</Table.Th>
                        <Table.Th>Email</Table.Th>
                        <Table.Th>Reason</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {failedRows.map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email || '—'}</Table.Td>
                          <Table.Td>{row.reason ?? 'Not imported'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={() => setResultOpen(false)}>Close</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
