import { FileUploadSection, PaginationSection, TableSection } from './component-library-page-data';
import {
  ChoiceSection,
  NumberFieldSection,
  SelectSection,
  TextAreaSection,
  TextFieldSection,
} from './component-library-page-forms';
import {
  AccordionSection,
  AvatarSection,
  ButtonSection,
  DialogSection,
  DrawerSection,
  PopoverSection,
} from './component-library-page-overlays';

/**
 * /debug/component (staff, designViews): every widget of @boon/ui in each of its states, live,
 * so a change to the design system can be looked over in one place. Nothing here calls the API;
 * the uploads go to a stand-in.
 */
export function ComponentLibraryPage() {
  return (
    <div className="flex max-w-5xl flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Component library</h1>
        <p className="text-ink-muted">
          The widgets of the design system in their states. Every one of them works: type, tab, sort
          and open them.
        </p>
      </div>
      <ButtonSection />
      <TextFieldSection />
      <NumberFieldSection />
      <SelectSection />
      <ChoiceSection />
      <TextAreaSection />
      <FileUploadSection />
      <TableSection />
      <PaginationSection />
      <PopoverSection />
      <DialogSection />
      <DrawerSection />
      <AccordionSection />
      <AvatarSection />
    </div>
  );
}
