import { CataloguePage } from '@/components/catalogue/catalogue-page';

export const metadata = { title: 'Items' };

/** /items: the catalogue's items list (components/catalogue/catalogue-page.tsx). */
export default function ItemsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <CataloguePage kind="items" searchParams={searchParams} />;
}
