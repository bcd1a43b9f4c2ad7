import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Input,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useUppyEvent, useUppyState } from '@uppy/react';
import { type DragEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../api/use-api';
import { shortFileName } from '../common/files';
import { createUppy, type UploaderUppy } from './create-uppy';
import { acceptFor, contentTypeOf, isPreviewable, limitsText, rejectionFor } from './rules';
import classes from './Uploader.module.css';
import { assetKey, type UploadedAsset } from './upload-api';
import type { UploaderProps } from './uploader-props';

/** The Uploader itself (loaded lazily with Uppy): one Uppy instance per field, gone with the field. */
export function UploaderField(props: UploaderProps) {
  const [uppy, setUppy] = useState<UploaderUppy | null>(null);
  useEffect(() => {
    const instance = createUppy(props.purpose);
    setUppy(instance);
    // Leaving the screen mid-upload cancels it, and the API drops the pending file.
    return () => instance.destroy();
  }, [props.purpose]);

  if (!uppy) {
    return (
      <Input.Wrapper label={props.label} description={props.description} withAsterisk={props.withAsterisk}>
        <Skeleton h={88} radius="md" mt={4} />
      </Input.Wrapper>
    );
  }
  return <UploaderBody uppy={uppy} {...props} />;
}

interface Rejection {
  name: string;
  reason: string;
}

/**
 * The API's reasons ('Too large: …', 'Failed verification: …') are shown as they are; Uppy's own words for a
 * transfer that failed on its way to storage ('Non 2xx', 'Unknown error') are not for people.
 */
function readable(error: string): string {
  return /^(Non 2xx|Unknown error)\b/.test(error)
    ? 'Upload failed: the file could not be sent; please try again'
    : error;
}

/** A local preview of the chosen file while it uploads (revoked when the file goes). */
function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

function UploaderBody({
  uppy,
  purpose,
  value,
  onChange,
  label,
  description,
  disabled,
  error,
  withAsterisk,
  onBusyChange,
}: UploaderProps & { uppy: UploaderUppy }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<Rejection | null>(null);
  const [dragging, setDragging] = useState(false);

  const file = useUppyState(uppy, (state) => Object.values(state.files)[0]);
  const uploaded = file && !file.error ? file.meta.asset : undefined;
  // On its way until the form holds the verified asset.
  const inFlight = file !== undefined && !file.error && (uploaded === undefined || uploaded._id !== value?._id);
  const justUploaded = file !== undefined && uploaded !== undefined && uploaded._id === value?._id;
  const rejection: Rejection | null = file?.error ? { name: file.name ?? '', reason: readable(file.error) } : notice;

  const data = file?.data;
  const localData = inFlight && file?.name && isPreviewable(file.name) && data instanceof Blob ? data : undefined;
  const localPreview = useObjectUrl(localData);

  // The record only keeps `{_id, url}`: the name comes from the asset (GET /asset/{id}).
  const { data: stored } = useApi(value && !value.name ? assetKey(value._id) : null, {
    revalidateOnFocus: false,
  });

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onComplete = useCallback((result: { successful?: { meta: { asset?: UploadedAsset } }[] }) => {
    const asset = result.successful?.[0]?.meta.asset;
    if (asset) onChangeRef.current(asset);
  }, []);
  useUppyEvent(uppy, 'complete', onComplete);

  useEffect(() => {
    onBusyChange?.(inFlight);
  }, [inFlight, onBusyChange]);

  const pick = (picked: File[]) => {
    const chosen = picked[0];
    if (disabled || !chosen) return;
    const reason = picked.length > 1 ? 'Choose one file at a time' : rejectionFor(chosen, purpose);
    if (reason) {
      // A refused file leaves an upload in progress alone; it replaces an earlier failure.
      if (file?.error) uppy.cancelAll();
      setNotice({ name: chosen.name, reason });
      return;
    }
    // One file per field: an accepted choice replaces whatever was uploading, uploaded or failed.
    uppy.cancelAll();
    setNotice(null);
    try {
      uppy.addFile({ name: chosen.name, type: contentTypeOf(chosen), data: chosen, source: 'Local' });
    } catch (failure) {
      setNotice({ name: chosen.name, reason: failure instanceof Error ? failure.message : 'Could not add the file' });
    }
  };

  const openPicker = () => inputRef.current?.click();
  const cancel = () => uppy.cancelAll();
  const remove = () => {
    uppy.cancelAll();
    setNotice(null);
    onChange(null);
  };
  const dismiss = () => {
    if (file?.error) uppy.cancelAll();
    setNotice(null);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setDragging(false);
    pick([...event.dataTransfer.files]);
  };

  // What the box shows: the file on its way, else the current value, else an invitation to choose one.
  let body: ReactNode;
  if (inFlight && file) {
    const percent = Math.round(file.progress.percentage ?? 0);
    const checking = file.progress.uploadComplete === true;
    body = (
      <Item
        name={file.name ?? ''}
        preview={localPreview}
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
          <Button variant="default" size="xs" onClick={cancel} leftSection={<IconX size={14} />}>
            Cancel
          </Button>
        }
      />
    );
  } else if (value) {
    const name = (justUploaded ? file?.name : value.name) ?? stored?.name ?? '';
    const previewable = isPreviewable(value.url) || isPreviewable(name);
    body = (
      <Item
        name={name}
        preview={previewable ? value.url : undefined}
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
              onClick={openPicker}
              disabled={disabled}
              leftSection={<IconUpload size={14} />}
            >
              Replace
            </Button>
            <Button variant="subtle" color="red" size="xs" onClick={remove} disabled={disabled}>
              Remove
            </Button>
          </>
        }
      />
    );
  } else {
    body = (
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={44} radius="md" variant="light" color={dragging ? 'brand' : 'gray'} aria-hidden>
          <IconUpload size={22} />
        </ThemeIcon>
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap" align="center">
            <Button size="xs" variant="light" onClick={openPicker} disabled={disabled}>
              Choose file
            </Button>
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

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <VisuallyHidden>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={acceptFor(purpose)}
          disabled={disabled}
          tabIndex={-1}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => {
            pick([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
      <Box
        className={classes.zone}
        mod={{ dragging, empty: !inFlight && !value, disabled, invalid: Boolean(error) }}
        mt={4}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {body}
      </Box>
      {rejection && (
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start" role="alert">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" c="var(--mantine-color-error)" style={{ flex: 1, overflowWrap: 'anywhere' }}>
            <span title={rejection.name}>{shortFileName(rejection.name)}</span> — {rejection.reason}
          </Text>
          <Tooltip label="Dismiss" withArrow>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={dismiss} aria-label="Dismiss">
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Input.Wrapper>
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
