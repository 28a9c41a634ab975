import { uploadRoute } from '../../_catalogue/routes';

export const POST = uploadRoute('items');
