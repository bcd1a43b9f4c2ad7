/**
 * `npm run seed:admin`: creates the built-in Administrator role and a super admin in a deployed table
 * (AWS or LocalStack), the same way the local stack does on its first start; run again after an upgrade, it
 * grants the Administrator role the resources added since (as every local start does). Uses the default AWS
 * credentials; TABLE_NAME is the stack's TableName output.
 */
import { seedSystemRoles, seedUser } from '../local/setup';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const required = (name: string): string => process.env[name] || fail(`Set ${name}.`);

required('TABLE_NAME');
const email = required('SEED_ADMIN_EMAIL');
const password = required('SEED_ADMIN_PASSWORD');
if (password.length < 8) fail('SEED_ADMIN_PASSWORD must be at least 8 characters.');

console.log(`Administrator role: ${await seedSystemRoles()}`);
console.log(`Super admin ${email}: ${await seedUser({ email, password, name: 'Super Admin', isSuperAdmin: true })}`);
