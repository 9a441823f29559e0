#!/usr/bin/env bash
# Makes sure what the tests need beyond npm packages is on this machine: Debian's Chromium (end-to-end tests and
# Lighthouse), a PostgreSQL server on 127.0.0.1:5432 (the API suite runs on it too), and PgBouncer and HAProxy (the
# pooling tests start their own PgBouncer; the deploy/ files are checked with both). Installs them with apt when
# they are missing and we are root on Debian; otherwise says what to install.
set -euo pipefail

is_root_debian() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Chromium ------------------------------------------------------------------------------------------------------
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if is_root_debian; then
    echo "Installing Debian's Chromium for the browser tests…"
    apt_install chromium fonts-liberation
  else
    echo "Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

# PgBouncer and HAProxy ------------------------------------------------------------------------------------------
for tool in pgbouncer haproxy; do
  if [ ! -x "/usr/sbin/$tool" ] && ! command -v "$tool" >/dev/null; then
    if is_root_debian; then
      echo "Installing Debian's $tool for the pooling and deploy tests…"
      apt_install "$tool"
    else
      echo "$tool is missing: install Debian's '$tool' package." >&2
      exit 1
    fi
  fi
done

# PostgreSQL ----------------------------------------------------------------------------------------------------
pg_answers() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

if [ -z "${TEST_DATABASE_URL:-}" ] && ! pg_answers; then
  if is_root_debian; then
    if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
      echo "Installing PostgreSQL for the API tests…"
      apt_install postgresql postgresql-contrib
    fi
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    for _ in $(seq 1 30); do pg_answers && break; sleep 1; done
    # A fresh Debian cluster asks for a password on TCP: give 'postgres' the one the default test URL carries.
    runuser -u postgres -- psql -qc "ALTER USER postgres PASSWORD 'postgres'" >/dev/null
    runuser -u postgres -- psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
      runuser -u postgres -- createdb test
  else
    echo "No PostgreSQL answers on 127.0.0.1:5432: start one or set TEST_DATABASE_URL." >&2
    exit 1
  fi
fi
pg_answers || [ -n "${TEST_DATABASE_URL:-}" ] || { echo "PostgreSQL did not start." >&2; exit 1; }
echo "Test services ready: Chromium, PostgreSQL, PgBouncer and HAProxy."
