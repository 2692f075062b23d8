# syntax=docker/dockerfile:1
# Build stage: the same `swift build` the README uses, in release mode, and the label fonts it will carry.
FROM swift:6.3-noble AS build
RUN apt-get update && apt-get install -y --no-install-recommends libssl-dev zlib1g-dev libdeflate-dev pkg-config \
        libharfbuzz-dev libfribidi-dev fonts-inter fonts-noto-core fonts-droid-fallback \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product ringd \
    && cp "$(swift build -c release --show-bin-path)/ringd" /ringd
# Only the font files ringd loads (23 faces, 8.4 MB), not the packages' 60 MB: `ringd fonts` lists them.
RUN mkdir /fonts && /ringd fonts | xargs -I{} cp {} /fonts/

# Run stage: a slim Ubuntu with only the system libraries ringd links (libssl/libcrypto, zlib, libdeflate,
# HarfBuzz, FriBidi) and
# its fonts, as a non-root user.
FROM ubuntu:noble
RUN apt-get update && apt-get install -y --no-install-recommends libssl3t64 zlib1g libdeflate0 libharfbuzz0b libfribidi0 \
        ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home ringd
COPY --from=build /ringd /usr/local/bin/ringd
COPY --from=build /fonts /usr/share/ringd/fonts
USER ringd
ENV RINGD_HOST=0.0.0.0 RINGD_PORT=8080 RINGD_FONT_DIR=/usr/share/ringd/fonts
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/ringd"]
