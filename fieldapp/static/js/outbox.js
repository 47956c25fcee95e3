// The offline outbox (issue 6) is written here.
