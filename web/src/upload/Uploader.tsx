import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { UploaderProps } from './uploader-props';

export type { UploaderProps } from './uploader-props';

// Uppy is loaded only when a screen shows an Uploader: the login page and screens without uploads never fetch it.
const UploaderField = lazy(() => import('./UploaderField').then((module) => ({ default: module.UploaderField })));

/** One file for one purpose: pick or drop it, watch it upload, see it previewed, cancel or remove it. */
export function Uploader(props: UploaderProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description} withAsterisk={props.withAsterisk}>
          <Skeleton h={88} radius="md" mt={4} />
        </Input.Wrapper>
      }
    >
      <UploaderField {...props} />
    </Suspense>
  );
}
