# syntax=docker/dockerfile:1
# Build stage: the same `swift build` the README uses, in release mode.
FROM swift:6.3-noble AS build
RUN apt-get update && apt-get install -y --no-install-recommends libssl-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product ringd \
    && cp "$(swift build -c release --show-bin-path)/ringd" /ringd

# Run stage: a slim Ubuntu with only the system libraries ringd links (libcrypto, zlib), as a non-root user.
FROM ubuntu:noble
RUN apt-get update && apt-get install -y --no-install-recommends libssl3t64 zlib1g ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home ringd
COPY --from=build /ringd /usr/local/bin/ringd
USER ringd
ENV RINGD_HOST=0.0.0.0 RINGD_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/ringd"]
