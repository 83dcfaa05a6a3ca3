import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CustomerInputError } from '../modules/customers/create.ts';
import { CliError, openServerDatabase } from './open-database.ts';
import {
  addTenantHost,
  createTenant,
  listTenants,
  removeTenantHost,
  setTenantDisabled,
  type TenantRow,
} from './tenant-commands.ts';

/**
 * `npm run tenant -- <command> [options]`: operators manage customers (tenants) from the command line,
 * against the same database as the server (DATABASE_URL, else the PGlite database in DATA_DIR/db).
 * README "Tenants" documents it.
 */
const USAGE = `Usage: npm run tenant -- <command> [options]

Commands:
  create --name <name> --host <host> [--host <host> …] --admin-email <email>
         [--admin-name "<name> <surname>"] [--admin-surname <surname>] [--password <password>]
      Creates a customer served on the given host names, with an ADMIN role holding every permission
      and its first admin (second login step by e-mailed code; they choose their own password at the
      first login). Without --password one is generated and printed once.
  list [--json]
      Every customer: id, name, hosts, disabled, number of users.
  disable --host <host|id>      Stops serving the customer (its hosts answer 404) and ends its sessions.
  enable --host <host|id>       Serves it again.
  add-host --customer <host|id> --host <new host>
  remove-host --customer <host|id> --host <host>

The database: DATABASE_URL (PostgreSQL), else the embedded one in DATA_DIR/db (default ./data/db),
which only one process can open: stop the server first.`;

function table(rows: TenantRow[]): string {
  const cells = [
    ['id', 'name', 'hosts', 'disabled', 'users'],
    ...rows.map((r) => [r.id, r.name, r.hosts.join(', '), r.disabled ? 'yes' : 'no', String(r.users)]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((c) => c[i]!.length)));
  return cells
    .map((c) =>
      c
        .map((v, i) => v.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const need = (v: string | undefined, flag: string): string => {
  if (!v?.trim()) throw new CliError(`missing ${flag}\n\n${USAGE}`);
  return v;
};

export async function runTenantCli(argv: string[], out: (s: string) => void = console.log): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return out(USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        host: { type: 'string', multiple: true },
        customer: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
        'admin-surname': { type: 'string' },
        password: { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${USAGE}`);
  }
  const o = parsed.values;
  const host = () => need(o.host?.[0], '--host');
  if (!['create', 'list', 'disable', 'enable', 'add-host', 'remove-host'].includes(command))
    throw new CliError(`unknown command "${command}"\n\n${USAGE}`);

  const { database, close } = await openServerDatabase();
  const db = database.db;
  try {
    switch (command) {
      case 'create': {
        const c = await createTenant(db, {
          name: need(o.name, '--name'),
          hosts: o.host?.length ? o.host : [host()],
          adminEmail: need(o['admin-email'], '--admin-email'),
          adminName: o['admin-name'],
          adminSurname: o['admin-surname'],
          password: o.password,
        });
        out(`Created customer "${o.name!.trim()}" (id ${c.customerId})`);
        out(`  hosts:  ${c.hosts.join(', ')}`);
        out(`  admin:  ${o['admin-email']!.trim()} (role ADMIN; login code by e-mail; chooses a new password at first login)`);
        if (c.generatedPassword) out(`  password: ${c.generatedPassword}   (shown once, not stored: hand it over securely)`);
        out(`Point DNS (or /etc/hosts) for the host at this server and open http://${c.hosts[0]}:<PORT>/.`);
        return;
      }
      case 'list': {
        const rows = await listTenants(db);
        out(o.json ? JSON.stringify(rows, null, 2) : rows.length ? table(rows) : 'No customers yet.');
        return;
      }
      case 'disable':
      case 'enable': {
        const t = await setTenantDisabled(db, o.customer ?? host(), command === 'disable');
        out(`${command === 'disable' ? 'Disabled' : 'Enabled'} customer "${t.name}" (${t.hosts.join(', ')})`);
        return;
      }
      case 'add-host': {
        const t = await addTenantHost(db, need(o.customer, '--customer'), host());
        out(`Customer "${t.name}" is served on: ${t.hosts.join(', ')}`);
        return;
      }
      case 'remove-host': {
        const t = await removeTenantHost(db, need(o.customer, '--customer'), host());
        out(`Customer "${t.name}" is served on: ${t.hosts.join(', ')}`);
        return;
      }
    }
  } catch (e) {
    if (e instanceof CustomerInputError) throw new CliError(e.message);
    throw e;
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTenantCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (e: unknown) => {
      if (e instanceof CliError) {
        console.error(e.message);
        process.exit(e.exitCode);
      }
      console.error(e);
      process.exit(1);
    },
  );
}
