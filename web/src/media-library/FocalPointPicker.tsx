import { Box, Text } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { type FocalPoint, focalPercent } from '../../../shared/renditions';
import classes from './FocalPointPicker.module.css';

export interface FocalPointPickerProps {
  /** The picture to pick on (a rendition that fits the panel), its srcset when it has one. */
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  value: FocalPoint;
  onChange: (focal: FocalPoint) => void;
  disabled?: boolean;
  /** How tall the picture may be drawn. */
  maxHeight?: number;
}

const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 100) / 100));

/** Arrow keys move the point by 1 % (10 % with Shift); Home and End go to the edges of the row. */
function moved(value: FocalPoint, event: KeyboardEvent): FocalPoint | null {
  const step = event.shiftKey ? 0.1 : 0.01;
  switch (event.key) {
    case 'ArrowLeft':
      return { x: clamp(value.x - step), y: value.y };
    case 'ArrowRight':
      return { x: clamp(value.x + step), y: value.y };
    case 'ArrowUp':
      return { x: value.x, y: clamp(value.y - step) };
    case 'ArrowDown':
      return { x: value.x, y: clamp(value.y + step) };
    case 'Home':
      return { x: 0, y: value.y };
    case 'End':
      return { x: 1, y: value.y };
    default:
      return null;
  }
}

/**
 * Where the picture's subject is: a click on the picture puts the marker there; from the keyboard the picture is one
 * control whose arrow keys move it. Crops are cut around this point.
 */
export function FocalPointPicker(props: FocalPointPickerProps) {
  const { src, srcSet, width, height, value, onChange, disabled, maxHeight = 320 } = props;
  const { x, y } = focalPercent(value);
  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = moved(value, event);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };
  const valueText = `${x}% from the left, ${y}% from the top`;

  return (
    <Box>
      <div
        className={classes.frame}
        style={{ aspectRatio: `${width} / ${height}`, maxHeight, maxWidth: `calc(${maxHeight}px * ${width / height})` }}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label="Focal point"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={x}
        aria-valuetext={valueText}
        aria-disabled={disabled || undefined}
        data-disabled={disabled || undefined}
        onClick={place}
        onKeyDown={onKeyDown}
      >
        <img src={src} srcSet={srcSet || undefined} sizes="(max-width: 600px) 90vw, 440px" alt="" draggable={false} />
        <span className={classes.marker} style={{ left: `${x}%`, top: `${y}%` }} aria-hidden />
      </div>
      <Text size="xs" c="dimmed" mt={6}>
        {disabled
          ? `Focal point: ${valueText}`
          : `Click the subject, or focus the picture and use the arrow keys (Shift for bigger steps). Now ${valueText}.`}
      </Text>
    </Box>
  );
}
