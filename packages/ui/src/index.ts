export {
  Accordion,
  type AccordionItem,
  type AccordionProps,
  type MultipleAccordionProps,
  type SingleAccordionProps,
} from './accordion';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Avatar, AVATAR_SIZE_PX, initials, type AvatarProps, type AvatarSize } from './avatar';
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, CheckboxGroup, type CheckboxGroupProps, type CheckboxProps } from './checkbox';
export { Dialog, DIALOG_MAX_WIDTH_PX, type DialogProps } from './dialog';
export { Drawer, DRAWER_CLOSE_DELAY_MS, type DrawerDirection, type DrawerProps } from './drawer';
export { mergeRefs, REQUIRED_MESSAGE } from './field';
export { FileUpload, type FileUploadProps } from './file-upload';
export {
  FILE_REQUIRED_MESSAGE,
  fileSizeLimitMessage,
  fileState,
  UNKNOWN_FILE_ERROR,
  uploadErrorMessage,
  validateFile,
  type UploadedFile,
  type UploadedFileState,
} from './file-upload-rules';
export { FullPageMessage, type FullPageMessageProps } from './full-page-message';
export { ListboxSelect, type ListboxSelectProps } from './listbox-select';
export { Logo, LogoMark, type LogoProps } from './logo';
export { MenuButton, type MenuButtonProps, type MenuItem } from './menu-button';
export {
  MAIN_CONTENT_ID,
  MainContent,
  useIsWithinMain,
  type MainContentProps,
} from './main-content';
export { NumberField, type NumberFieldProps } from './number-field';
export {
  clamp,
  currencyFractionDigits,
  formatNumber,
  normalizeNumber,
  roundDown,
  type NumberRules,
} from './number-rules';
export { Pagination, type PaginationProps } from './pagination';
export { Popover, type PopoverProps } from './popover';
export { RadioGroup, type RadioGroupProps } from './radio-group';
export { SearchField, type SearchFieldProps } from './search-field';
export { Select, type SelectOption, type SelectProps } from './select';
export { SkipLink, type SkipLinkProps } from './skip-link';
export { Spinner } from './spinner';
export {
  CARDS_BELOW_PX,
  DataTable,
  EMPTY_TABLE_TEXT,
  nextSort,
  type DataTableColumn,
  type DataTableLayout,
  type DataTableProps,
  type RowAction,
  type SortDirection,
  type TableSort,
} from './data-table';
export { TEXT_AREA_DEFAULT_ROWS, TextArea, type TextAreaProps } from './text-area';
export { TextField, type PatternRule, type TextFieldProps } from './text-field';
export {
  UploadFailedError,
  uploadedFileUrl,
  uploadFile,
  type HeadersSource,
  type UploadRequest,
} from './upload-file';
export { useKeyboardScrollable } from './scroll-region';
export {
  followingRowKeys,
  ROW_ACTIONS_ATTRIBUTE,
  rowActionsProps,
  rowActionTarget,
  useRowActionFocus,
  type RowActionOrigin,
} from './row-action-focus';
export { useNarrowerThan } from './use-narrower-than';
export { primaryLinkClasses, secondaryLinkClasses } from './link-styles';
export { Flag, type FlagProps } from './flag';
export { MerchantLogo, MERCHANT_LOGO_SIZE_PX, type MerchantLogoProps } from './merchant-logo';
