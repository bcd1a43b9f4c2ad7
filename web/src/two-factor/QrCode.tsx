import { Box, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface QrCodeProps {
  /** The otpauth:// URI to encode. */
  value: string;
  /** Drawn size in CSS pixels. */
  size?: number;
  /** What a screen reader hears instead of the picture. */
  label: string;
}

/**
 * A QR code drawn on a <canvas> by the `qrcode` package, loaded only when a code is shown. Drawing to a canvas
 * needs no data: URL or inline SVG, so the Content-Security-Policy needs no new source.
 */
export function QrCode({ value, size = 200, label }: QrCodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    let cancelled = false;
    setState('drawing');
    import('qrcode')
      .then(async ({ toCanvas }) => {
        if (cancelled || !canvas.current) return;
        await toCanvas(canvas.current, value, {
          width: size,
          margin: 2,
          errorCorrectionLevel: 'M',
          color: { dark: '#111827ff', light: '#ffffffff' },
        });
        if (!cancelled) setState('drawn');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [value, size]);

  return (
    <Box
      pos="relative"
      w={size}
      h={size}
      style={{ flex: 'none', borderRadius: 8, overflow: 'hidden', background: '#fff' }}
    >
      <canvas ref={canvas} role="img" aria-label={label} width={size} height={size} />
      {state !== 'drawn' && (
        <Center pos="absolute" inset={0} bg="var(--app-surface-subtle)">
          {state === 'drawing' ? (
            <Loader size="sm" role="status" aria-label="Drawing the QR code" />
          ) : (
            <Text size="xs" c="dimmed" ta="center" px="sm">
              The QR code could not be drawn; enter the key by hand instead.
            </Text>
          )}
        </Center>
      )}
    </Box>
  );
}
