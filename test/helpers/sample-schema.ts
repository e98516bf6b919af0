// A 36-table business schema (sales, HR, finance, marketing) with comments, for table search and
// SQL tests: DDL for PostgreSQL and MySQL/MariaDB, and the same tables as a catalog for unit tests.
import type { CatalogTable } from '../../core/connections/catalog.ts';

type Col = [name: string, type: 'id' | 'int' | 'text' | 'date' | 'money' | 'ts', comment?: string];
interface Table {
  name: string;
  comment?: string;
  cols: Col[];
}

const t = (name: string, comment: string | undefined, ...cols: Col[]): Table => ({ name, comment, cols });

export const SAMPLE_TABLES: Table[] = [
  t('customers', 'People and companies who buy from us', ['id', 'id'], ['first_name', 'text'], ['last_name', 'text'], ['email', 'text'], ['created_at', 'ts']),
  t('customer_addresses', 'Shipping and billing addresses of customers', ['id', 'id'], ['customer_id', 'int'], ['street', 'text'], ['city', 'text'], ['postal_code', 'text'], ['country', 'text']),
  t('orders', 'Sales orders placed by customers', ['id', 'id'], ['customer_id', 'int'], ['name', 'text'], ['region', 'text'], ['qty', 'int'], ['order_date', 'date'], ['status', 'text'], ['total_amount', 'money']),
  t('order_items', 'Line items of each order', ['id', 'id'], ['order_id', 'int'], ['product_id', 'int'], ['quantity', 'int'], ['unit_price', 'money']),
  t('products', 'Products we sell', ['id', 'id'], ['sku', 'text'], ['name', 'text'], ['category_id', 'int'], ['list_price', 'money']),
  t('product_categories', 'Category tree of the catalogue', ['id', 'id'], ['name', 'text'], ['parent_id', 'int']),
  t('suppliers', 'Vendors that supply products', ['id', 'id'], ['company_name', 'text'], ['contact_email', 'text'], ['country', 'text']),
  t('purchase_orders', 'Orders we place with suppliers', ['id', 'id'], ['supplier_id', 'int'], ['ordered_on', 'date'], ['expected_on', 'date']),
  t('inventory_levels', 'Stock on hand per warehouse', ['product_id', 'int'], ['warehouse_id', 'int'], ['on_hand', 'int'], ['reserved', 'int']),
  t('warehouses', 'Storage locations', ['id', 'id'], ['name', 'text'], ['city', 'text']),
  t('shipments', 'Deliveries of orders to customers', ['id', 'id'], ['order_id', 'int'], ['carrier', 'text'], ['tracking_number', 'text'], ['shipped_at', 'ts'], ['delivered_at', 'ts']),
  t('invoices', 'Bills sent to customers', ['id', 'id'], ['order_id', 'int'], ['invoice_number', 'text'], ['issued_on', 'date'], ['due_on', 'date'], ['amount_due', 'money']),
  t('invoice_lines', undefined, ['id', 'id'], ['invoice_id', 'int'], ['description', 'text'], ['amount', 'money']),
  t('payments', 'Money received from customers', ['id', 'id'], ['invoice_id', 'int'], ['paid_on', 'date'], ['amount', 'money'], ['method', 'text']),
  t('refunds', undefined, ['id', 'id'], ['payment_id', 'int'], ['amount', 'money'], ['reason', 'text']),
  t('employees', 'Staff', ['id', 'id'], ['firstName', 'text'], ['lastName', 'text'], ['hireDate', 'date', 'First day of work'], ['departmentId', 'int'], ['managerId', 'int']),
  t('departments', undefined, ['id', 'id'], ['name', 'text'], ['cost_center', 'text']),
  t('salaries', 'Pay history of employees', ['employee_id', 'int'], ['amount', 'money'], ['valid_from', 'date']),
  t('timesheets', undefined, ['id', 'id'], ['employee_id', 'int'], ['work_date', 'date'], ['hours', 'money']),
  t('leave_requests', 'Vacation and sick leave', ['id', 'id'], ['employee_id', 'int'], ['start_date', 'date'], ['end_date', 'date'], ['leave_type', 'text']),
  t('marketingCampaigns', 'Advertising campaigns', ['id', 'id'], ['name', 'text'], ['channel', 'text'], ['budget', 'money'], ['startsOn', 'date']),
  t('campaign_clicks', undefined, ['id', 'id'], ['campaign_id', 'int'], ['clicked_at', 'ts'], ['visitor_id', 'text']),
  t('web_sessions', undefined, ['id', 'id'], ['visitor_id', 'text'], ['started_at', 'ts'], ['pages_viewed', 'int'], ['referrer', 'text']),
  t('support_tickets', 'Customer service requests', ['id', 'id'], ['customer_id', 'int'], ['opened_at', 'ts'], ['priority', 'text'], ['subject', 'text']),
  t('ticket_comments', undefined, ['id', 'id'], ['ticket_id', 'int'], ['author', 'text'], ['body', 'text']),
  t('product_reviews', 'What customers say about products', ['id', 'id'], ['product_id', 'int'], ['customer_id', 'int'], ['rating', 'int', 'One to five stars'], ['review_text', 'text']),
  t('discount_codes', 'Coupons', ['code', 'text'], ['percent_off', 'int'], ['expires_on', 'date']),
  t('tax_rates', undefined, ['country', 'text'], ['region', 'text'], ['rate', 'money']),
  t('currencies', undefined, ['code', 'text'], ['name', 'text'], ['symbol', 'text']),
  t('exchange_rates', 'Daily FX rates', ['currency_code', 'text'], ['rate_date', 'date'], ['rate_to_usd', 'money']),
  t('audit_log', undefined, ['id', 'id'], ['table_name', 'text'], ['action', 'text'], ['changed_at', 'ts'], ['changed_by', 'text']),
  t('user_accounts', 'Logins to the web shop', ['id', 'id'], ['username', 'text'], ['password_hash', 'text'], ['last_login', 'ts']),
  t('newsletter_subscriptions', undefined, ['email', 'text'], ['subscribed_at', 'ts'], ['unsubscribed_at', 'ts']),
  t('store_locations', undefined, ['id', 'id'], ['city', 'text'], ['opened_on', 'date'], ['square_meters', 'int']),
  t('budgets', 'Planned spending per department', ['department_id', 'int'], ['fiscal_year', 'int'], ['amount', 'money']),
  t('gl_entries', 'General ledger', ['id', 'id'], ['account', 'text'], ['posted_on', 'date'], ['debit', 'money'], ['credit', 'money']),
];

/** Queries and the table that must rank first, covering names, columns, comments, case styles, plurals and typos. */
export const SEARCH_EXPECTATIONS: [query: string, top: string][] = [
  ['shipping address of a customer', 'customer_addresses'],
  ['invoice lines', 'invoice_lines'],
  ['when was an employee hired (hire date)', 'employees'],
  ['marketing campaign budget', 'marketingCampaigns'],
  ['product categories', 'product_categories'],
  ['custmer adresses', 'customer_addresses'],
  ['FX rates', 'exchange_rates'],
  ['stock on hand in each warehouse', 'inventory_levels'],
  ['vacation', 'leave_requests'],
  ['money received', 'payments'],
  ['star ratings of products', 'product_reviews'],
  ['order_items', 'order_items'],
  ['orderItems quantity', 'order_items'],
  ['coupon', 'discount_codes'],
  ['tracking number of deliveries', 'shipments'],
];

const PG: Record<Col[1], string> = { id: 'integer primary key', int: 'integer', text: 'text', date: 'date', money: 'numeric(12,2)', ts: 'timestamp' };
const MY: Record<Col[1], string> = { id: 'int primary key', int: 'int', text: 'varchar(200)', date: 'date', money: 'decimal(12,2)', ts: 'datetime' };

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function postgresDdl(schema: string): string[] {
  const out = [`create schema ${schema}`];
  for (const tb of SAMPLE_TABLES) {
    out.push(`create table ${schema}."${tb.name}" (${tb.cols.map(([n, ty]) => `"${n}" ${PG[ty]}`).join(', ')})`);
    if (tb.comment) out.push(`comment on table ${schema}."${tb.name}" is ${q(tb.comment)}`);
    for (const [n, , c] of tb.cols) if (c) out.push(`comment on column ${schema}."${tb.name}"."${n}" is ${q(c)}`);
  }
  return out;
}

export function mysqlDdl(): string[] {
  return SAMPLE_TABLES.map((tb) => `create table \`${tb.name}\` (${tb.cols.map(([n, ty, c]) => `\`${n}\` ${MY[ty]}${c ? ` comment ${q(c)}` : ''}`).join(', ')})${tb.comment ? ` comment=${q(tb.comment)}` : ''}`);
}

export function sampleCatalog(): CatalogTable[] {
  return SAMPLE_TABLES.map((tb) => ({
    schema: 'public',
    name: tb.name,
    kind: 'table',
    comment: tb.comment ?? null,
    columns: tb.cols.map(([name, type, comment]) => ({ name, type, nullable: true, comment: comment ?? null })),
  }));
}
