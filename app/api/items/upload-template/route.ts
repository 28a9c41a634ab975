import { templateRoute } from '../../_catalogue/routes';

/** The items upload template (the columns an upload must have) as a workbook. */
export const GET = templateRoute('items');
