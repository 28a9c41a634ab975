import { downloadRoute } from '../../_catalogue/routes';

export const POST = downloadRoute('items');
