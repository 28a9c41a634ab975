'use client';

import { LookupCombobox, type LookupComboboxProps } from './lookup-combobox';

/** The look-up box of each kind (docs/api.md, look-ups). */
type KindProps = Omit<LookupComboboxProps, 'kind'>;

export const StoreLookup = (props: KindProps) => <LookupCombobox kind="store" {...props} />;
export const RegionLookup = (props: KindProps) => <LookupCombobox kind="region" {...props} />;
export const VendorLookup = (props: KindProps) => <LookupCombobox kind="vendor" {...props} />;
export const SubsidiaryLookup = (props: KindProps) => <LookupCombobox kind="subsidiary" {...props} />;
