import { exportRoute } from '../../_catalogue/routes';

export const POST = exportRoute('items', 'items');
