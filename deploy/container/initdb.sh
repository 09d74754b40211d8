#!/bin/sh
# First start of the compose PostgreSQL: the owner and app roles and the database, as
# deploy/postgres/roles.sql makes them (names and passwords from postgres.env).
set -eu
psql -v ON_ERROR_STOP=1 --username postgres \
  -v owner="$NEED40_OWNER" -v app="$NEED40_APP" -v db="$NEED40_DB" \
  -v owner_password="'$NEED40_OWNER_PASSWORD'" -v app_password="'$NEED40_APP_PASSWORD'" \
  -f /need40/roles.sql
