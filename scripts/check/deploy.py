#!/usr/bin/env python3
"""Validates the deployment files without a Docker engine (none runs on our machines).

- docker-compose.yml parses as YAML and has the shape docs/design.md §Caching and headers asks for: two or more ringd replicas (built
  from the Dockerfile, health-checked on /healthz, not published) behind an nginx service that mounts
  deploy/nginx.conf, publishes port 8080 and waits for every replica to be healthy;
- deploy/nginx.conf balances over exactly those replicas (upstream servers ringdN:8080) with keep-alive, caches
  with proxy_cache (a keys zone, a key, ringd's Cache-Control and Vary honoured), says X-Cache-Status, and
  retries another replica on errors and timeouts (scripts/check/scale-test runs it with a real nginx);
- the Dockerfile builds with the same `swift build` product as the README, exposes 8080, runs as a
  non-root user and has a HEALTHCHECK on /healthz;
- deploy/kubernetes renders (`kubectl kustomize`, or `kustomize build`), every object passes
  `kubernetes-validate --strict`, checkov passes on the rendered manifests and on the Dockerfile with every
  skipped check justified where it is skipped, the flags the ringd container passes exist in `ringd --help`, its
  memory request and limit are --cache-mb + --render-memory-mb + the constant `ringd --help` states, it is probed
  on /healthz (liveness) and /readyz (readiness), and deploy/kubernetes/nginx.conf is deploy/nginx.conf with only
  its documented changes.
Exits 1 with a message per problem.

  scripts/check/deploy.py [path/to/ringd]    (default: the debug build's)
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

root = pathlib.Path(__file__).resolve().parents[2]
problems = []

compose = yaml.safe_load((root / "docker-compose.yml").read_text())
replicas = []
if not isinstance(compose, dict) or not isinstance(compose.get("services"), dict):
    problems.append("docker-compose.yml: no services mapping")
    compose = {"services": {}}
services = compose["services"]
for name, svc in services.items():
    if not isinstance(svc, dict):
        problems.append(f"docker-compose.yml: service {name} is not a mapping")
    elif "build" in svc or str(svc.get("image", "")).startswith("ringd"):
        replicas.append(name)
        if svc.get("image") != "ringd:latest" or svc.get("build") not in (".", {"context": "."}):
            problems.append(f"ringd replica {name}: expected build . and image ringd:latest (one image, built once)")
        hc = [str(t) for t in svc.get("healthcheck", {}).get("test", [])]
        # `ringd probe` with no URL asks /healthz on the port RINGD_PORT names (the image carries no curl).
        if not (any("/healthz" in t for t in hc) or hc[-2:] == ["/usr/local/bin/ringd", "probe"]):
            problems.append(f"ringd replica {name}: healthcheck is neither `ringd probe` nor a request for /healthz")
        env = svc.get("environment", {})
        if env.get("RINGD_HOST") != "0.0.0.0" or str(env.get("RINGD_PORT")) != "8080":
            problems.append(f"ringd replica {name}: must listen on 0.0.0.0:8080 (RINGD_HOST, RINGD_PORT)")
        if svc.get("ports"):
            problems.append(f"ringd replica {name} publishes ports: only nginx should")
        if "8080" not in [str(p) for p in svc.get("expose", [])]:
            problems.append(f"ringd replica {name} does not expose 8080 to nginx")
if len(replicas) < 2:
    problems.append(f"docker-compose.yml: {len(replicas)} ringd replica(s); docs/design.md §Caching and headers wants two or more")
nginx = services.get("nginx")
if not isinstance(nginx, dict):
    problems.append("docker-compose.yml: no nginx service")
else:
    if not str(nginx.get("image", "")).startswith("nginx"):
        problems.append("nginx service does not use an nginx image")
    if "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" not in nginx.get("volumes", []):
        problems.append("nginx service does not mount ./deploy/nginx.conf as /etc/nginx/nginx.conf (read-only)")
    ports = [str(p) for p in nginx.get("ports", [])]
    if not any(p.endswith(":8080") for p in ports):
        problems.append(f"nginx service does not publish container port 8080: {ports}")
    depends = nginx.get("depends_on", {})
    for name in replicas:
        if not isinstance(depends, dict) or depends.get(name, {}).get("condition") != "service_healthy":
            problems.append(f"nginx does not wait for replica {name} to be healthy")

conf_path = root / "deploy" / "nginx.conf"
conf = re.sub(r"#.*", "", conf_path.read_text()) if conf_path.exists() else ""
if not conf:
    problems.append("deploy/nginx.conf is missing")
else:
    directives = re.findall(r"^\s*([a-z_]+)\s*([^;{]*)[;{]", conf, re.M)

    def values(name):
        return [v.strip() for d, v in directives if d == name]

    if conf.count("{") != conf.count("}"):
        problems.append("deploy/nginx.conf: unbalanced braces")
    upstream = re.search(r"upstream\s+(\w+)\s*\{([^}]*)\}", conf)
    if not upstream:
        problems.append("deploy/nginx.conf: no upstream block")
    else:
        servers = re.findall(r"^\s*server\s+([\w.-]+):8080\b", upstream.group(2), re.M)
        if sorted(servers) != sorted(replicas):
            problems.append(f"deploy/nginx.conf upstream servers {servers} are not the compose replicas {replicas}")
        if not re.search(r"^\s*keepalive\s+\d+;", upstream.group(2), re.M):
            problems.append("deploy/nginx.conf: no keepalive to the upstreams")
        if f"http://{upstream.group(1)}" not in values("proxy_pass"):
            problems.append(f"deploy/nginx.conf: no proxy_pass to the upstream {upstream.group(1)}")
    if "8080" not in values("listen"):
        problems.append("deploy/nginx.conf does not listen on 8080 (the port compose publishes)")
    zones = re.findall(r"keys_zone=(\w+):", " ".join(values("proxy_cache_path")))
    if not zones:
        problems.append("deploy/nginx.conf: no proxy_cache_path with a keys_zone")
    elif values("proxy_cache") != zones[:1]:
        problems.append(f"deploy/nginx.conf: proxy_cache {values('proxy_cache')} is not the zone {zones[0]}")
    if not values("proxy_cache_key"):
        problems.append("deploy/nginx.conf: no proxy_cache_key")
    ignored = " ".join(values("proxy_ignore_headers"))
    if "Cache-Control" in ignored or "Expires" in ignored:
        problems.append("deploy/nginx.conf ignores ringd's Cache-Control/Expires")
    # Vary may be left to the key only when the key holds both headers ringd varies on, in the form ringd is sent
    # (so one cached answer is right for every client whose headers reduce to the same key).
    if "Vary" in ignored:
        key = " ".join(values("proxy_cache_key"))
        for header, variable in (("Accept-Encoding", "$ringd_coding"), ("Accept", "$ringd_accept")):
            if variable not in key or f"{header} {variable}" not in values("proxy_set_header"):
                problems.append(f"deploy/nginx.conf ignores Vary but neither keys on nor sends {header} as {variable}")
    if not any(v.startswith("X-Cache-Status $upstream_cache_status") for v in values("add_header")):
        problems.append("deploy/nginx.conf: no X-Cache-Status $upstream_cache_status header")
    retry = " ".join(values("proxy_next_upstream")).split()
    if "error" not in retry or "timeout" not in retry:
        problems.append("deploy/nginx.conf: proxy_next_upstream must retry on error and timeout")
    if values("proxy_http_version") != ["1.1"] or 'Connection ""' not in values("proxy_set_header"):
        problems.append("deploy/nginx.conf: upstream keep-alive needs proxy_http_version 1.1 and an empty Connection")

docker = (root / "Dockerfile").read_text()
stages = re.findall(r"^FROM\s+\S+", docker, re.M)
if len(stages) < 2:
    problems.append("Dockerfile is not multi-stage")
if "swift build -c release" not in docker or "--product ringd" not in docker:
    problems.append("Dockerfile does not build the ringd product in release mode")
if not re.search(r"^USER\s+(?!root)\S+", docker, re.M):
    problems.append("Dockerfile does not switch to a non-root user")
if not re.search(r"^EXPOSE\s+8080", docker, re.M):
    problems.append("Dockerfile does not EXPOSE 8080")
healthcheck = re.search(r"^HEALTHCHECK\b.*?\bCMD\b(.*)$", re.sub(r"\\\n", " ", docker), re.M)
if not healthcheck or not ('"probe"]' in healthcheck.group(1) or "/healthz" in healthcheck.group(1)):
    problems.append("Dockerfile has no HEALTHCHECK running `ringd probe` (or asking /healthz)")
if re.search(r"\bcurl\b|\bwget\b", "\n".join(l for l in docker.splitlines() if not l.lstrip().startswith("#"))):
    problems.append("Dockerfile installs or runs curl/wget: the HEALTHCHECK is `ringd probe`, the image needs neither")

readme = (root / "README.md").read_text()
if "swift run ringd" not in "\n".join(readme.splitlines()[:30]):
    problems.append("README's opening lines do not show `swift run ringd`")
deployment_doc = (root / "docs" / "deployment.md").read_text()
if "docker compose up" not in readme or "docs/deployment.md" not in readme:
    problems.append("README does not say how to run the replicas with `docker compose up` and link docs/deployment.md")
if "scripts/check/scale-test" not in deployment_doc or "kubectl apply -k" not in deployment_doc:
    problems.append("docs/deployment.md does not walk through compose (scripts/check/scale-test) and Kubernetes")

# -- Kubernetes ------------------------------------------------------------------------------------------------
base = root / "deploy" / "kubernetes"
if shutil.which("kubectl"):
    render = ["kubectl", "kustomize", str(base)]
elif shutil.which("kustomize"):
    render = ["kustomize", "build", str(base)]
else:
    render = None
    problems.append("deploy/kubernetes: neither kubectl nor kustomize is installed (apt-get install kubernetes-client, "
                    "or scripts/setup test)")
objects = []
rendered = ""
if render:
    out = subprocess.run(render, capture_output=True, text=True)
    if out.returncode != 0:
        problems.append(f"deploy/kubernetes does not render ({' '.join(render[:2])}): {out.stderr.strip()[:300]}")
    rendered = out.stdout
    objects = [o for o in yaml.safe_load_all(rendered) if o]
kinds = sorted(o.get("kind", "?") for o in objects)
for kind in ["Deployment", "Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service", "Service",
             "ConfigMap"]:
    if kinds.count(kind) < ["Deployment", "Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service",
                            "Service", "ConfigMap"].count(kind):
        problems.append(f"deploy/kubernetes renders {kinds}: expected two Deployments and Services, an HPA, a PDB "
                        "and the nginx ConfigMap")
        break
if rendered:
    with tempfile.TemporaryDirectory(prefix="ringd-k8s-") as work:
        manifests = pathlib.Path(work) / "ringd.yaml"
        manifests.write_text(rendered)
        validate = subprocess.run([sys.executable, "-m", "kubernetes_validate", "--strict", str(manifests)],
                                  capture_output=True, text=True)
        if validate.returncode != 0:
            problems.append("kubernetes-validate --strict: " + (validate.stdout + validate.stderr).strip()[-600:])
        for target, framework in [(manifests, "kubernetes"), (root / "Dockerfile", "dockerfile")]:
            checkov = shutil.which("checkov")
            if not checkov:
                problems.append("checkov is not installed (pip install checkov, or scripts/setup test)")
                break
            out = subprocess.run([checkov, "-f", str(target), "--framework", framework, "--compact", "--quiet",
                                  "--skip-download"], capture_output=True, text=True)
            summary = re.search(r"Passed checks: (\d+), Failed checks: (\d+), Skipped checks: (\d+)", out.stdout)
            if out.returncode != 0 or not summary or summary.group(2) != "0":
                problems.append(f"checkov on {target.name}: " + out.stdout.strip()[-800:])
            else:
                print(f"ok   checkov {framework}: {summary.group(1)} passed, {summary.group(3)} skipped, each with its reason where it is skipped")

for obj in objects:
    for key, value in (obj.get("metadata", {}).get("annotations") or {}).items():
        if key.startswith("checkov.io/skip") and not re.match(r"^CKV2?_[A-Z0-9_]+=\S.{10,}", str(value)):
            problems.append(f"{obj['kind']} {obj['metadata']['name']}: skip {value!r} has no reason")

binary = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / ".build" / "debug" / "ringd"
help_text = "".join(subprocess.run([str(binary)] + command + ["--help"], capture_output=True, text=True).stdout
                    for command in ([], ["serve"])) if binary.exists() else ""
if not help_text:
    problems.append(f"no ringd at {binary} to check the manifests' flags against (build it, or pass its path)")
constant = re.search(r"--render-memory-mb \+ (\d+) MiB", help_text)
# The base deploys the version this source tree reports (the release workflow publishes the image under it).
if binary.exists():
    reported = subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout.split()
    kustomization = yaml.safe_load((base / "kustomization.yaml").read_text())
    tags = [i.get("newTag") for i in kustomization.get("images", []) if i.get("name") == "ringd"]
    if len(reported) < 2 or tags != [reported[1]]:
        problems.append(f"deploy/kubernetes deploys ringd {tags} but `ringd --version` reports {' '.join(reported)}")
deployments = {o["metadata"]["name"]: o for o in objects if o.get("kind") == "Deployment"}
ringd_deployment = deployments.get("ringd")
if not ringd_deployment:
    problems.append("deploy/kubernetes has no Deployment named ringd")
else:
    spec = ringd_deployment["spec"]["template"]["spec"]
    container = spec["containers"][0]
    flags = dict(a.lstrip("-").split("=", 1) for a in container.get("args", []) if a.startswith("--") and "=" in a)
    for flag in flags:
        if help_text and f"--{flag}" not in help_text:
            problems.append(f"ringd Deployment passes --{flag}, which `ringd --help` does not list")
    if constant and "cache-mb" in flags and "render-memory-mb" in flags:
        want = int(flags["cache-mb"]) + int(flags["render-memory-mb"]) + int(constant.group(1))
        resources = container.get("resources", {})
        for part in ("requests", "limits"):
            got = str(resources.get(part, {}).get("memory", ""))
            if got != f"{want}Mi":
                problems.append(f"ringd memory {part} {got or 'missing'}; cache {flags['cache-mb']} + render "
                                f"{flags['render-memory-mb']} + constant {constant.group(1)} = {want}Mi")
    else:
        problems.append("ringd Deployment must pass --cache-mb and --render-memory-mb (and ringd --help state the constant)")
    if container.get("livenessProbe", {}).get("httpGet", {}).get("path") != "/healthz":
        problems.append("ringd liveness probe is not /healthz")
    if container.get("readinessProbe", {}).get("httpGet", {}).get("path") != "/readyz":
        problems.append("ringd readiness probe is not /readyz")
    drain = int(flags.get("drain-seconds", "5"))
    grace = re.search(r"waits up to (\d+) s for the responses in flight", help_text)
    grace = int(grace.group(1)) if grace else 3
    if spec.get("terminationGracePeriodSeconds", 30) <= drain + grace:
        problems.append(f"terminationGracePeriodSeconds does not cover --drain-seconds + the {grace} s shutdown grace "
                        "(`ringd --help` states it)")
    security = container.get("securityContext", {})
    if not (security.get("readOnlyRootFilesystem") and security.get("allowPrivilegeEscalation") is False
            and security.get("capabilities", {}).get("drop") == ["ALL"]
            and spec.get("securityContext", {}).get("runAsNonRoot")
            and spec.get("securityContext", {}).get("seccompProfile", {}).get("type") == "RuntimeDefault"):
        problems.append("ringd pods must run non-root, read-only, without capabilities, with seccomp RuntimeDefault")

# src= egress: ringd's pods reach out only to DNS and to public addresses on 443, whatever ringd's own checks say.
policies = {o["metadata"]["name"]: o for o in objects if o.get("kind") == "NetworkPolicy"}
ringd_policy = policies.get("ringd", {}).get("spec", {})
if "Egress" not in ringd_policy.get("policyTypes", []):
    problems.append("the ringd NetworkPolicy sets no egress rules (src= could reach the cluster's insides)")
else:
    blocks = [peer["ipBlock"] for rule in ringd_policy.get("egress", []) for peer in rule.get("to", []) if "ipBlock" in peer]
    refused = {cidr for block in blocks for cidr in block.get("except", [])}
    for private in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8", "fc00::/7", "fe80::/10"):
        if any(block["cidr"] in ("0.0.0.0/0", "::/0") for block in blocks) and private not in refused:
            problems.append(f"the ringd NetworkPolicy lets src= reach {private}")

# NetworkPolicy selectors, read on the rendered output (after every kustomize transformer), against the labels of
# the pods each is meant for: a label transformer that adds to a selector makes it select nothing, and a policy
# that selects nothing fails closed (ringd without DNS: every src= fails) or open (a policy on no pod).
KUBE_DNS_POD = {"k8s-app": "kube-dns"}  # the cluster resolver's well-known label (kube-dns, and CoreDNS keeps it)
KUBE_SYSTEM = {"kubernetes.io/metadata.name": "kube-system"}  # set on every namespace by the API server (1.21+)
MONITORING = {"monitoring": "true"}  # the namespace label network-policies.yaml documents for Prometheus


def selects(selector, labels):
    """Whether a LabelSelector (matchLabels and matchExpressions) selects an object with `labels`."""
    if selector is None:
        return False
    for key, value in (selector.get("matchLabels") or {}).items():
        if labels.get(key) != value:
            return False
    for expression in selector.get("matchExpressions") or []:
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        present = key in labels
        if (operator == "In" and labels.get(key) not in values) or (operator == "NotIn" and labels.get(key) in values) \
                or (operator == "Exists" and not present) or (operator == "DoesNotExist" and present):
            return False
    return True


pods = {name: (d["spec"]["template"]["metadata"].get("labels") or {}) for name, d in deployments.items()}
for name, policy in policies.items():
    spec = policy.get("spec", {})
    where = f"NetworkPolicy {name}"
    if name not in pods:
        problems.append(f"{where}: no Deployment of that name whose pods it is for")
        continue
    chosen = [pod for pod, labels in pods.items() if selects(spec.get("podSelector"), labels)]
    if chosen != [name]:
        problems.append(f"{where}: podSelector {spec.get('podSelector')} selects the pods of {chosen or 'no Deployment'}, "
                        f"not {name}'s ({pods[name]})")
    for rule in spec.get("ingress", []):
        for peer in rule.get("from", []):
            if "podSelector" in peer and "namespaceSelector" not in peer and \
                    not any(selects(peer["podSelector"], labels) for labels in pods.values()):
                problems.append(f"{where}: ingress peer {peer['podSelector']} selects no pod of this base ({pods})")
            if "namespaceSelector" in peer and "podSelector" not in peer and \
                    not selects(peer["namespaceSelector"], MONITORING):
                problems.append(f"{where}: ingress namespaceSelector {peer['namespaceSelector']} does not select a "
                                f"namespace labelled {MONITORING}")
    for rule in spec.get("egress", []):
        dns = any(str(port.get("port")) == "53" for port in rule.get("ports", []))
        for peer in rule.get("to", []):
            if not dns or "ipBlock" in peer:
                continue
            if not selects(peer.get("podSelector", {}), KUBE_DNS_POD):
                problems.append(f"{where}: the DNS egress peer's podSelector {peer.get('podSelector')} does not select "
                                f"kube-dns pods ({KUBE_DNS_POD}): src= host names would not resolve")
            if not selects(peer.get("namespaceSelector", {}), KUBE_SYSTEM):
                problems.append(f"{where}: the DNS egress peer's namespaceSelector {peer.get('namespaceSelector')} "
                                f"does not select kube-system ({KUBE_SYSTEM})")
for obj in objects:
    if (obj.get("metadata", {}).get("labels") or {}).get("app.kubernetes.io/part-of") != "ringd":
        problems.append(f"{obj.get('kind')} {obj.get('metadata', {}).get('name')}: no app.kubernetes.io/part-of: ringd label")

# The cluster's nginx.conf is deploy/nginx.conf with one upstream (the ringd Service) and the pid file in /tmp.
compose_conf = (root / "deploy" / "nginx.conf").read_text()
k8s_conf = (base / "nginx.conf").read_text()
expected = re.sub(r"(        server ringd\d+:8080 [^\n]*\n)+", "        server ringd:8080 max_fails=1 fail_timeout=5s;\n",
                  compose_conf).replace("pid /var/run/nginx.pid;", "pid /tmp/nginx.pid;")
strip_comments = lambda text: "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))  # noqa: E731
if strip_comments(expected) != strip_comments(k8s_conf):
    problems.append("deploy/kubernetes/nginx.conf differs from deploy/nginx.conf beyond the upstream and the pid file")

for p in problems:
    print("FAIL", p)
if problems:
    sys.exit(1)
print(f"ok   docker-compose.yml ({len(replicas)} ringd replicas behind nginx), deploy/nginx.conf, Dockerfile and README are consistent")
print(f"ok   deploy/kubernetes renders {len(objects)} objects ({' '.join(render[:2])}), valid (kubernetes-validate --strict); "
      f"ringd memory = cache + render budget + {constant.group(1) if constant else '?'} MiB; probes /healthz and /readyz")
