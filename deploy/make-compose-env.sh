#!/bin/sh
# Prints the secrets compose.yaml needs, made at random (hex, so they are safe inside URLs):
#   deploy/make-compose-env.sh > deploy/compose.env
# Keep the file: a new AUTH_SECRET signs everyone out and cannot open the tokens sealed with the old one.
set -eu
secret() { od -An -N32 -tx1 /dev/urandom | tr -d ' \n'; }
echo "AUTH_SECRET=$(secret)"
echo "POSTGRES_PASSWORD=$(secret)"
echo "MINIO_ROOT_PASSWORD=$(secret)"
echo "S3_SECRET_ACCESS_KEY=$(secret)"
echo "APP_URL=http://localhost:8080"
