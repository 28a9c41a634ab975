import { verifyUploadRoute } from '../../../_catalogue/routes';

export const GET = verifyUploadRoute('pricing');
