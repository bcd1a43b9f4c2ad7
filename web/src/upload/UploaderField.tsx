import { Box, Input, Skeleton, VisuallyHidden } from '@mantine/core';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createUppy, type UploaderUppy } from './create-uppy';
import { ImageFieldDetails } from './ImageFieldDetails';
import { LibraryChoice, useLibraryOffered } from './LibraryChoice';
import { acceptFor } from './rules';
import classes from './Uploader.module.css';
import { CurrentFile, NoFileYet, RejectionNote, UploadingFile } from './UploaderStates';
import type { UploaderProps } from './uploader-props';
import { useUploader } from './use-uploader';

/** Covers: the API refuses one whose picture has no alt text. */
const COVER_PURPOSES = new Set<string>(['cover-image', 'media-cover']);

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

function UploaderBody(props: UploaderProps & { uppy: UploaderUppy }) {
  const { uppy, purpose, value, label, description, disabled, error, withAsterisk } = props;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploader(uppy, props);
  const { file, inFlight, rejection, pick } = upload;
  const offered = useLibraryOffered(purpose);
  const library = (compact: boolean) =>
    offered ? (
      <LibraryChoice
        purpose={purpose}
        label={label}
        selectedId={value?._id}
        disabled={disabled}
        compact={compact}
        onChoose={upload.choose}
      />
    ) : undefined;

  const openPicker = () => inputRef.current?.click();
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
    body = <UploadingFile file={file} preview={upload.localPreview} onCancel={upload.cancel} />;
  } else if (value) {
    body = (
      <CurrentFile
        url={value.url}
        name={(upload.justUploaded ? file?.name : value.name) ?? upload.stored?.name ?? ''}
        justUploaded={upload.justUploaded}
        disabled={disabled}
        onReplace={openPicker}
        onRemove={upload.remove}
        library={library(true)}
      />
    );
  } else {
    body = (
      <NoFileYet
        purpose={purpose}
        dragging={dragging}
        disabled={disabled}
        onChoose={openPicker}
        library={library(false)}
      />
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
      {rejection && <RejectionNote rejection={rejection} onDismiss={upload.dismiss} />}
      {value && !inFlight && offered && (
        <ImageFieldDetails assetId={value._id} altRequired={COVER_PURPOSES.has(purpose)} disabled={disabled} />
      )}
    </Input.Wrapper>
  );
}
