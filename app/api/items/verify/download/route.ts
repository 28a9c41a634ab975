import { verifyDownloadRoute } from '../../../_catalogue/routes';

export const GET = verifyDownloadRoute('items');
