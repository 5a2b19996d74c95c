import {
  Checkbox,
  CheckboxGroup,
  NumberField,
  RadioGroup,
  Select,
  TextArea,
  TextField,
  type CheckboxGroupProps,
  type CheckboxProps,
  type NumberFieldProps,
  type RadioGroupProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from '@boon/ui';
import { useState } from 'react';
import { Specimen, WidgetSection } from './component-library-page-specimen';

/** A live text field: every specimen can be typed into, so the rules can be tried. */
function DemoTextField(props: Omit<TextFieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextField {...(rest as TextFieldProps)} value={value} onChange={setValue} />;
}

export function TextFieldSection() {
  return (
    <WidgetSection title="Text field">
      <Specimen state="Default">
        <DemoTextField label="First name" placeholder="Ada" />
      </Specimen>
      <Specimen state="Required, touched and empty">
        <DemoTextField label="Last name" required touched />
      </Specimen>
      <Specimen state="Custom error">
        <DemoTextField
          label="Work e-mail"
          initial="ada@acme.test"
          touched
          error="This e-mail address is already invited."
        />
      </Specimen>
      <Specimen state="Pattern with its own error (touched)">
        <DemoTextField
          label="Brand colour"
          initial="#12"
          touched
          pattern={/^#([0-9a-f]{3}|[0-9a-f]{6})$/i}
          patternError="Enter # followed by 3 or 6 hex digits."
        />
      </Specimen>
      <Specimen state="With counter">
        <DemoTextField
          label="Order description"
          maxLength={128}
          initial="Thank you for your help"
        />
      </Specimen>
      <Specimen state="Clearable">
        <DemoTextField label="Search recipients" clearable initial="gift" />
      </Specimen>
      <Specimen state="Optional, with hint">
        <DemoTextField label="Company website" optional hint="Shown to your recipients." />
      </Specimen>
      <Specimen state="Blocked keys (space and @)">
        <DemoTextField label="Username" blockedKeys={[' ', '@']} hint="Spaces and @ are refused." />
      </Specimen>
      <Specimen state="Disabled">
        <DemoTextField label="Customer ID" initial="C-1A2B3C4D" disabled />
      </Specimen>
    </WidgetSection>
  );
}

function DemoNumberField(
  props: Omit<NumberFieldProps, 'value' | 'onChange'> & { initial?: string | null },
) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return <NumberField {...rest} value={value} onChange={setValue} />;
}

export function NumberFieldSection() {
  return (
    <WidgetSection title="Number field">
      <Specimen state="Whole numbers, 1 to 200">
        <DemoNumberField label="Items per order" min="1" max="200" initial="10" />
      </Specimen>
      <Specimen state="Required, touched and empty">
        <DemoNumberField label="Quantity" required touched />
      </Specimen>
      <Specimen state="Currency (USD), 0.01 to 100000">
        <DemoNumberField
          label="Link value"
          currency="USD"
          allowDecimals
          min="0.01"
          max="100000"
          initial="10"
        />
      </Specimen>
      <Specimen state="Currency without decimals (JPY)">
        <DemoNumberField label="Amount in yen" currency="JPY" allowDecimals initial="1500" />
      </Specimen>
      <Specimen state="Currency with three decimals (BHD)">
        <DemoNumberField label="Amount in dinar" currency="BHD" allowDecimals initial="12.5" />
      </Specimen>
      <Specimen state="Optional, decimals allowed">
        <DemoNumberField label="Discount rate" optional allowDecimals />
      </Specimen>
      <Specimen state="Disabled">
        <DemoNumberField label="Default links quantity" initial="0" disabled />
      </Specimen>
    </WidgetSection>
  );
}

const companySizes: SelectOption[] = [
  { id: 'under-50', value: 'under-50', label: 'Under 50 employees' },
  { id: '51-200', value: '51-200', label: '51-200 employees' },
  { id: '201-500', value: '201-500', label: '201-500 employees' },
  { id: '501-1000', value: '501-1000', label: '501-1000 employees' },
  { id: 'over-1000', value: 'over-1000', label: 'Over 1000 employees' },
];

function DemoSelect(
  props: Omit<SelectProps, 'value' | 'onChange' | 'options'> & {
    initial?: string | null;
  },
) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return <Select {...rest} options={companySizes} value={value} onChange={setValue} />;
}

export function SelectSection() {
  return (
    <WidgetSection title="Select">
      <Specimen state="With placeholder">
        <DemoSelect label="Company size" placeholder="Select a size" />
      </Specimen>
      <Specimen state="Required, touched and empty">
        <DemoSelect label="Team size" placeholder="Select a size" required touched />
      </Specimen>
      <Specimen state="Custom error">
        <DemoSelect
          label="Billing size"
          initial="under-50"
          touched
          error="Your plan needs 51 or more."
        />
      </Specimen>
      <Specimen state="Optional">
        <DemoSelect label="Size next year" optional placeholder="Select a size" />
      </Specimen>
      <Specimen state="Disabled">
        <DemoSelect label="Registered size" initial="201-500" disabled />
      </Specimen>
    </WidgetSection>
  );
}

const rewardNeeds: SelectOption[] = [
  'Today',
  'Within 7 days',
  'Within 30 days',
  'Within 90 days',
  "I don't know",
].map((label) => ({ id: label, value: label, label }));

const deliveryTypes: SelectOption[] = [
  { id: 'email', value: 'email', label: 'E-mail' },
  { id: 'link', value: 'link', label: 'Link' },
];

function DemoRadioGroup(
  props: Omit<RadioGroupProps, 'value' | 'onChange'> & { initial?: string | null },
) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<string | null>(initial);
  return <RadioGroup {...rest} value={value} onChange={setValue} />;
}

function DemoCheckboxGroup(
  props: Omit<CheckboxGroupProps, 'value' | 'onChange'> & { initial?: string[] },
) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState<string[]>(initial);
  return <CheckboxGroup {...rest} value={value} onChange={setValue} />;
}

function DemoCheckbox(props: Omit<CheckboxProps, 'checked' | 'onChange'> & { initial?: boolean }) {
  const { initial = false, ...rest } = props;
  const [checked, setChecked] = useState(initial);
  return <Checkbox {...rest} checked={checked} onChange={setChecked} />;
}

export function ChoiceSection() {
  return (
    <WidgetSection title="Radio group and checkbox">
      <Specimen state="Radio group">
        <DemoRadioGroup label="Delivery" options={deliveryTypes} initial="email" />
      </Specimen>
      <Specimen state="Radio group, required, touched and empty">
        <DemoRadioGroup label="When do you need rewards?" options={rewardNeeds} required touched />
      </Specimen>
      <Specimen state="Checkbox group, optional">
        <DemoCheckboxGroup
          label="Products of interest"
          options={deliveryTypes}
          optional
          initial={['link']}
        />
      </Specimen>
      <Specimen state="Checkbox group, required, touched and empty">
        <DemoCheckboxGroup label="Notify me by" options={deliveryTypes} required touched />
      </Specimen>
      <Specimen state="Checkbox, required, touched and unticked">
        <DemoCheckbox label="I accept the balances terms" required touched />
      </Specimen>
      <Specimen state="Checkbox, disabled">
        <DemoCheckbox label="Use UTC" initial disabled />
      </Specimen>
    </WidgetSection>
  );
}

function DemoTextArea(props: Omit<TextAreaProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextArea {...rest} value={value} onChange={setValue} />;
}

export function TextAreaSection() {
  return (
    <WidgetSection title="Text area">
      <Specimen state="Default (5 rows), with counter">
        <DemoTextArea label="Reward message" maxLength={500} initial="Happy Birthday!" />
      </Specimen>
      <Specimen state="Required, touched and empty">
        <DemoTextArea label="Reason" required touched />
      </Specimen>
      <Specimen state="Custom error">
        <DemoTextArea
          label="Internal note"
          initial="ok"
          touched
          error="Write at least ten characters."
        />
      </Specimen>
      <Specimen state="Optional, disabled">
        <DemoTextArea label="Footer text" optional disabled initial="Sent with Boon" />
      </Specimen>
    </WidgetSection>
  );
}
