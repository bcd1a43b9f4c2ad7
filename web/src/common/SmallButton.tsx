import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface SmallButtonProps
  extends Omit<ButtonProps, 'size' | 'leftSection'>,
    ElementProps<'button', keyof ButtonProps> {
  /** Drawn before the label at the size that suits the compact button. */
  icon?: Icon;
}

/**
 * A compact button inside a panel, a row or an alert (Back, Reload, Sign out, Clear): one size and one icon size
 * wherever it stands; subtle unless told otherwise.
 */
export function SmallButton({ icon: ButtonIcon, variant = 'subtle', ...props }: SmallButtonProps) {
  return <Button size="compact-sm" variant={variant} leftSection={ButtonIcon && <ButtonIcon size={14} />} {...props} />;
}
