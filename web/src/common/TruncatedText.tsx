import { Text, type TextProps, Tooltip } from '@mantine/core';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export interface TruncatedTextProps extends Pick<TextProps, 'size' | 'c' | 'fw' | 'ff'> {
  /** The whole text: shown on one line, cut with an ellipsis when it does not fit, whole on hover and focus. */
  children: string;
  /**
   * `fill`: the text takes its container's width and never widens it (a URL under a headline in a table cell).
   * A number: it is at most that wide (an e-mail column), so a table column sizes to it.
   */
  width?: 'fill' | number;
  /**
   * Whether a cut text can be focused, to show it whole from the keyboard (true); false inside an element that is
   * focused itself and names the whole text (a tree row).
   */
  focusable?: boolean;
}

/** Whether the element's text is wider than the element (kept up to date as the element resizes). */
function useIsCut(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text changes what overflows
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return cut;
}

/**
 * One line of text that may be long (an e-mail, a URL, a slug): cut with an ellipsis rather than broken
 * mid-word, and, when cut, shown whole in a tooltip on hover, touch and keyboard focus (it is then in the tab
 * order). Screen readers always read the whole text.
 */
export function TruncatedText({ children, width, focusable = true, size = 'sm', ...text }: TruncatedTextProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const cut = useIsCut(ref, children);
  const style =
    width === 'fill'
      ? // No width of its own, so it never widens a table column; it fills whatever the column gets.
        { width: 0, minWidth: '100%' }
      : { maxWidth: width ?? '100%' };
  return (
    <Tooltip
      label={children}
      disabled={!cut}
      withArrow
      multiline
      maw={420}
      openDelay={200}
      events={{ hover: true, focus: true, touch: true }}
      styles={{ tooltip: { overflowWrap: 'anywhere' } }}
    >
      <Text ref={ref} size={size} truncate="end" tabIndex={cut && focusable ? 0 : undefined} style={style} {...text}>
        {children}
      </Text>
    </Tooltip>
  );
}
