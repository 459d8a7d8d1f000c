/**
 * Sizes libuv's thread pool. libuv reads UV_THREADPOOL_SIZE once, when the pool first runs
 * something (a file read, a query, a hash), so cli/index.ts imports this module before anything
 * else, and it imports nothing itself.
 *
 * The pool runs SQLite queries (sqlite3), password hashing (scrypt), file reads and writes
 * (uploads, the UI's files, the PDF scanners' reads), compression and DNS lookups (SMTP).
 * libuv's default of 4 let four wrong-password requests take every thread while the database
 * waited. 8 = 2 for hashing (src/accounts/passwords.ts runs at most 2 scrypt at a time) + 1 for
 * the one SQLite connection + 5 for files, compression and DNS, so a burst of uploads or
 * compressed answers still leaves a thread for the database. Idle threads cost almost nothing
 * (their stacks are reserved, not used). An operator's own UV_THREADPOOL_SIZE wins.
 */
process.env.UV_THREADPOOL_SIZE ||= "8";
