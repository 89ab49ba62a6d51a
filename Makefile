# Two commands do all the set-up on a fresh machine with Python 3.11 and make:
#   make demo   - create .venv, install, migrate, load demo data, serve on http://127.0.0.1:8000
#   make test   - create .venv, install dev requirements, run the whole test suite
#   make venue  - serve this laptop's tournaments to the phones in the hall (waitress, DEBUG off)
PYTHON ?= python3.11
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

.PHONY: demo venue test venv install install-dev migrate seed run lint typecheck messages constraints clean

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "$(PYTHON) not found: install Python 3.11 (or run make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

venv: $(PY)

# constraints.txt pins the transitive dependencies (make constraints regenerates it).
$(VENV)/.installed: requirements.txt constraints.txt | $(PY)
	$(PIP) install --quiet -r requirements.txt -c constraints.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt constraints.txt | $(PY)
	$(PIP) install --quiet -r requirements-dev.txt -c constraints.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py compile_translations

seed: migrate
	$(PY) manage.py seed_demo

demo: seed
	@echo "Serving the demo on http://127.0.0.1:8000 (logins above; Ctrl+C to stop)"
	$(PY) manage.py runserver 127.0.0.1:8000

# Venue mode: the same SQLite database, served on every interface by waitress with DEBUG off; prints
# the address players type and its QR code. PORT=8080 make venue for another port. Ctrl+C stops it.
PORT ?= 8000
venue: install
	$(PY) manage.py venue --port $(PORT)

test: install-dev
	$(PY) manage.py compile_translations
	$(PY) -m pytest -q $(PYTEST_ARGS)

# ruff; mypy --strict on arbiter, tournaments, games and config (pyproject.toml [tool.mypy], with
# django-stubs); the import-linter contracts when the project has them (.importlinter or
# [tool.importlinter] in pyproject.toml).
lint: install-dev
	$(PY) -m ruff check .
	$(PY) -m mypy
	@if [ -f .importlinter ] || grep -q '^\[tool\.importlinter\]' pyproject.toml; then \
		echo "$(VENV)/bin/lint-imports"; $(VENV)/bin/lint-imports; \
	else \
		echo "lint-imports: no import-linter contracts configured, skipped"; \
	fi

constraints: install-dev
	$(PIP) freeze | $(PY) .ci/make_constraints.py > constraints.txt

# Re-extract the translatable strings into locale/ (needs GNU gettext: apt-get install gettext).
messages: install
	$(VENV)/bin/django-admin makemessages -l de -l nl -l fr \
		--ignore=.venv --ignore=tests --ignore=bench --ignore=test-artifacts --ignore=staticfiles

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-* staticfiles .pytest_cache .mypy_cache .ruff_cache
