import { DateTimePicker } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { MouseEvent, ReactNode } from 'react';

/** The calendar's buttons, named for screen readers. */
export const CALENDAR_ARIA_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Mantine's pickers speak local 'YYYY-MM-DD HH:mm:ss' strings; the API speaks ISO instants. */
export function isoToPicker(iso: string | null, format = PICKER_FORMAT): string | null {
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() ? date.format(format) : null;
}

export function pickerToIso(local: string | null): string | null {
  if (!local) return null;
  const date = dayjs(local);
  return date.isValid() ? date.toISOString() : null;
}

/** A date field as a form binds it, whichever picker it shows. */
export interface IsoDateFieldProps {
  label: string;
  /** ISO-8601 (UTC) as the API stores it, or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  description?: string;
  error?: string;
}

/** What every date picker of the app takes for screen readers and contrast (usePickerA11y). */
export interface PickerA11yProps {
  id: string;
  popoverProps: { id: string; shadow: 'md' };
  ariaLabels: typeof CALENDAR_ARIA_LABELS;
  hideOutsideDates: true;
  weekendDays: [];
}

/**
 * A picker's accessibility:
 * - Its calendar, a popover of role dialog, is named after the field's label. Mantine labels the dropdown with the
 *   popover's own target id, which nothing on the page carries (the picker's button keeps the field's id); the
 *   popover's id base is made the label's id, which it then points at.
 * - The calendar's buttons are named (CALENDAR_ARIA_LABELS).
 * - No faded days of the months around (dimmed at half opacity: 2.4:1) and no red weekends (3.3:1).
 */
export function usePickerA11y(): PickerA11yProps {
  const id = useId();
  return {
    id,
    popoverProps: { id: `${id}-label`, shadow: 'md' },
    ariaLabels: CALENDAR_ARIA_LABELS,
    hideOutsideDates: true,
    weekendDays: [],
  };
}

/**
 * What Mantine's pickers take here, whichever one: the label and messages, the ISO value as the picker's local
 * string (`format`), and its accessibility (usePickerA11y).
 */
export function isoPickerProps(field: IsoDateFieldProps, a11y: PickerA11yProps, format?: string) {
  const { label, description, error, required, value, onChange, onBlur } = field;
  return {
    ...a11y,
    label,
    description,
    error,
    withAsterisk: required,
    clearable: true,
    clearButtonProps: { 'aria-label': `Clear ${label}` },
    value: isoToPicker(value, format),
    onChange: (local: string | null) => onChange(pickerToIso(local)),
    onBlur,
  };
}

export interface DateTimeFieldProps extends IsoDateFieldProps {
  /** Called when the picker closes; a form may count the field as visited then rather than on blur. */
  onDropdownClose?: () => void;
  /** The earliest instant that can be picked. */
  minDate?: Date;
  /** The time a newly picked day starts with, `HH:mm`. */
  defaultTime?: string;
  /** The picker's Apply button, named for screen readers; a form with two of these fields names each. */
  applyLabel?: string;
  icon?: ReactNode;
  /** What the empty field says. */
  placeholder?: string;
}

/**
 * Mantine selects a time box's two digits on focus and again on click, so that typing replaces them. A box that
 * already holds a selection when it is clicked (focused by the hour's auto-advance, or by picking a day) loses it:
 * the browser keeps a click inside a selection for a possible drag and only puts the caret there on mouse-up,
 * after Mantine's click handler. The digits then land in the middle of the old value ('1|2' + '4' → '142'), and
 * the box's parser, which keeps the last digits under the maximum, makes 45 into 25 and 00 into 20. Stopping the
 * mouse-up's default keeps the whole value selected; Mantine's own arrow, Backspace and paste handling stay.
 */
const keepSegmentSelected = { onMouseUp: (event: MouseEvent<HTMLInputElement>) => event.preventDefault() };
/**
 * Mantine takes the minutes box out of the tab order (arrows move between the boxes), so Tab after a one-digit hour
 * left the picker and the minutes typed next went nowhere. Tab reaches it here, as in the browser's own time
 * fields; Mantine sets its tabIndex once, when the box is made, so the ref's value stays.
 */
const minutesInTabOrder = (input: HTMLInputElement | null) => {
  if (input) input.tabIndex = 0;
};
const TIME_PICKER_PROPS = {
  format: '24h',
  hoursInputLabel: 'Hours',
  minutesInputLabel: 'Minutes',
  hoursInputProps: keepSegmentSelected,
  minutesInputProps: keepSegmentSelected,
  minutesRef: minutesInTabOrder,
} as const;

/** A day and a time of day (24-hour), held as the API's ISO instant. */
export function DateTimeField(props: DateTimeFieldProps) {
  const { onDropdownClose, minDate, defaultTime, applyLabel = 'Apply date and time' } = props;
  const { icon = <IconCalendar size={16} /> } = props;
  const a11y = usePickerA11y();
  return (
    <DateTimePicker
      {...isoPickerProps(props, a11y)}
      onDropdownClose={onDropdownClose}
      minDate={minDate ? dayjs(minDate).format(PICKER_FORMAT) : undefined}
      defaultTimeValue={defaultTime}
      valueFormat="DD/MM/YYYY HH:mm"
      placeholder={props.placeholder ?? 'Pick a date and time'}
      leftSection={icon}
      timePickerProps={TIME_PICKER_PROPS}
      submitButtonProps={{ 'aria-label': applyLabel }}
    />
  );
}
