# Build a static binary (pure-Go SQLite, no cgo), then ship it alone.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tables .

# Runs as root: Fly mounts the volume at /data owned by root. The image
# carries CA certificates, which backups to S3 or Tigris need (BACKUP_URL,
# docs/OPERATIONS.md); the binary restores and replicates by itself.
FROM gcr.io/distroless/static-debian12
COPY --from=build /out/tables /tables
ENV DATA_DIR=/data PORT=8080
EXPOSE 8080
ENTRYPOINT ["/tables"]
