import type { ReactNode } from 'react';
import { DashedEmpty } from '../common/DashedEmpty';

/** A dashed box where the chosen stories will be, saying how to choose them. */
export function NothingChosen({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return <DashedEmpty icon={icon} title={title} hint={hint} hintMaw={360} />;
}
