# One image for web, worker and beat.
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
RUN useradd --create-home --uid 1000 dugout

COPY pyproject.toml README.md ./
COPY config ./config
COPY engine ./engine
COPY league ./league
COPY matches ./matches
COPY templates ./templates
COPY manage.py ./
RUN pip install . \
    && DEBUG=True python manage.py collectstatic --noinput

USER dugout
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", \
     "--worker-class", "gthread", "--threads", "4"]
