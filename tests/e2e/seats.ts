/**
 * Seats: each Playwright worker signs in as a seeded admin and a seeded limited user of its own (serve.ts seeds
 * one of each per seat). The sign-in throttle charges an attempt before checking it and refuses a second attempt
 * on the same email from the same address meanwhile (functions/README.md, "Throttling"), so two workers signing in as one user
 * at the same moment would refuse each other. Every seat's admin is 'Ada Admin' and every limited user 'Lee Limited'.
 */

/** How many seats serve.ts seeds: one per worker (playwright.config.ts sets it from E2E_WORKERS). */
export const seatCount = () => Number(process.env.E2E_SEATS ?? 1);

/** `email` for seat `seat`: seat 0 keeps it ('e2e-admin@example.com'), seat 1 is 'e2e-admin-1@example.com'. */
export const seatEmail = (email: string, seat: number) => (seat === 0 ? email : email.replace('@', `-${seat}@`));
