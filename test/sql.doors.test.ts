// SQL code cells and connections against the local PostgreSQL and MariaDB, through every door.
import { afterAll } from 'vitest';
import { dropMadeDatabases, mariadbSql, postgresSql, SQL_ENV } from './cases/sql.ts';
import { runCases } from './helpers/run-cases.ts';
import { databaseMissing } from './helpers/tools.ts';

const groups = [...((await databaseMissing('postgres')) ? [] : [postgresSql]), ...((await databaseMissing('mysql')) ? [] : [mariadbSql])];
afterAll(dropMadeDatabases);
runCases('sql cells', groups, { env: SQL_ENV });
