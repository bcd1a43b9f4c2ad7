import { ActionIcon, Box, Button, Group, Image, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { shortFileName } from '../common/files';
import { isPreviewable, limitsText } from './rules';
import classes from './Uploader.module.css';
import type { UploaderProps } from './uploader-props';
import type { Rejection, useUploader } from './use-uploader';

type UppyFile = NonNullable<ReturnType<typeof useUploader>['file']>;

/** The file on its way: its progress, then "Checking the file…" while the API verifies it, and Cancel. */
export function UploadingFile({ file, preview, onCancel }: { file: UppyFile; preview?: string; onCancel: () => void }) {
  const percent = Math.round(file.progress.percentage ?? 0);
  const checking = file.progress.uploadComplete === true;
  return (
    <Item
      name={file.name ?? ''}
      preview={preview}
      status={
        <Stack gap={4}>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {checking ? 'Checking the file…' : `${percent}%`}
          </Text>
          <Progress
            value={checking ? 100 : percent}
            animated={checking}
            size="sm"
            aria-label={`Uploading ${shortFileName(file.name ?? '')}`}
          />
        </Stack>
      }
      actions={
        <Button variant="default" size="xs" onClick={onCancel} leftSection={<IconX size={14} />}>
          Cancel
        </Button>
      }
    />
  );
}

interface CurrentFileProps {
  url: string;
  name: string;
  /** The form holds the file just uploaded (else the one it was opened with). */
  justUploaded: boolean;
  disabled?: boolean;
  onReplace: () => void;
  onRemove: () => void;
  /** Choose from library, beside Replace (image fields). */
  library?: ReactNode;
}

/** The field's file: "Uploaded." or "Current file", with Replace and Remove. */
export function CurrentFile({ url, name, justUploaded, disabled, onReplace, onRemove, library }: CurrentFileProps) {
  const previewable = isPreviewable(url) || isPreviewable(name);
  return (
    <Item
      name={name}
      preview={previewable ? url : undefined}
      status={
        justUploaded ? (
          <Text size="sm" c="var(--mantine-color-green-light-color)" fw={600} role="status" aria-live="polite">
            Uploaded.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Current file
          </Text>
        )
      }
      actions={
        <>
          <Button
            variant="default"
            size="xs"
            onClick={onReplace}
            disabled={disabled}
            leftSection={<IconUpload size={14} />}
          >
            Replace
          </Button>
          {library}
          <Button variant="subtle" color="red" size="xs" onClick={onRemove} disabled={disabled}>
            Remove
          </Button>
        </>
      }
    />
  );
}

interface NoFileYetProps {
  purpose: UploaderProps['purpose'];
  dragging: boolean;
  disabled?: boolean;
  onChoose: () => void;
  /** Choose from library, beside Choose file (image fields). */
  library?: ReactNode;
}

/** An empty field: Choose file, "or drag it here", and what files it takes. */
export function NoFileYet({ purpose, dragging, disabled, onChoose, library }: NoFileYetProps) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <ThemeIcon size={44} radius="md" variant="light" color={dragging ? 'brand' : 'gray'} aria-hidden>
        <IconUpload size={22} />
      </ThemeIcon>
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="wrap" align="center">
          <Button size="xs" variant="light" onClick={onChoose} disabled={disabled}>
            Choose file
          </Button>
          {library}
          <Text size="sm" c="dimmed" visibleFrom="xs">
            or drag it here
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {limitsText(purpose)}
        </Text>
      </Box>
    </Group>
  );
}

/** Why a file was refused, under the box, with Dismiss. */
export function RejectionNote({ rejection, onDismiss }: { rejection: Rejection; onDismiss: () => void }) {
  return (
    <Group gap={6} mt={6} wrap="nowrap" align="flex-start" role="alert">
      <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="var(--mantine-color-error)" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        <span title={rejection.name}>{shortFileName(rejection.name)}</span> — {rejection.reason}
      </Text>
      <Tooltip label="Dismiss" withArrow>
        <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDismiss} aria-label="Dismiss">
          <IconX size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

interface ItemProps {
  name: string;
  preview?: string;
  status: ReactNode;
  actions?: ReactNode;
}

/** A file: its preview (or a file icon), its shortened name, its status, and what can be done with it. */
function Item({ name, preview, status, actions }: ItemProps) {
  const short = name ? shortFileName(name) : 'File';
  return (
    <Group gap="md" wrap="nowrap" align="center" className={classes.item}>
      <div className={classes.preview}>
        {preview ? (
          <Image src={preview} alt={`Preview of ${short}`} w="100%" h="100%" fit="contain" />
        ) : (
          <IconFile size={26} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
      </div>
      <Box miw={0} style={{ flex: 1 }}>
        {/* The contract's 8 characters, and the whole name on hover, touch and keyboard focus (which edition's PDF). */}
        <Tooltip
          label={name}
          disabled={!name || short === name}
          events={{ hover: true, focus: true, touch: true }}
          multiline
          maw={360}
          style={{ overflowWrap: 'anywhere' }}
        >
          <Text size="sm" fw={600} truncate="end" tabIndex={name && short !== name ? 0 : undefined}>
            {short}
          </Text>
        </Tooltip>
        <Box mt={4}>{status}</Box>
      </Box>
      {actions && (
        <Group gap={6} wrap="wrap" justify="flex-end" className={classes.actions}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
