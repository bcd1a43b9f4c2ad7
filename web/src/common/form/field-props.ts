/** A field that holds a list of ids (categories, roles), as a form binds it (withController). */
export interface IdListFieldProps {
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}
