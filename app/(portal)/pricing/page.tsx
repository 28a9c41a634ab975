import { CataloguePage } from '@/components/catalogue/catalogue-page';

export const metadata = { title: 'Pricing' };

/** /pricing: the catalogue's pricing list (components/catalogue/catalogue-page.tsx). */
export default function PricingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <CataloguePage kind="pricing" searchParams={searchParams} />;
}
