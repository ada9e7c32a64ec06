package sprtdriver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// The paths of the image built by deploy/k8s/Dockerfile.
const (
	// ImageColony is the colony program in the image.
	ImageColony = "/usr/local/bin/colony"
	// ImageTask is the job script in the image (deploy/slurm/match.sbatch).
	ImageTask = "/usr/local/bin/colony-task"
)

// Kubernetes is the Scheduler of a Kubernetes cluster, through kubectl: it submits
// each batch as an indexed Job (see RenderJob) with 'kubectl create -f -', asks
// 'kubectl get job' for its state and deletes it ('kubectl delete job') to cancel
// it. The pods mount the claim at Mount (default: the results directory), so the
// driver must see the claim's storage at that path too (run it in a pod that mounts
// the claim there, or on a machine that mounts the same share there), and the
// results directory must be in it.
type Kubernetes struct {
	Image     string // the image of deploy/k8s/Dockerfile
	Claim     string // the PersistentVolumeClaim of the results (ReadWriteMany)
	Namespace string // "" for kubectl's
	CPU       int    // CPUs of each pod, requested and its limit; the games it plays at once
	Memory    string // memory of each pod, requested and its limit, as "2Gi"
	Retries   int    // the retries of each index (backoffLimitPerIndex)
	Mount     string // where the claim is mounted, absolute; "" for the results directory
	// Kubectl is the kubectl command; "" for kubectl (tests give a stand-in).
	Kubectl string
}

// ParseKubernetes parses the settings "image=IMAGE,claim=PVC[,namespace=NS][,cpu=N]
// [,memory=SIZE][,retries=N][,mount=PATH]" (defaults: cpu=1, memory=1Gi, retries=3,
// the claim mounted at the results directory).
func ParseKubernetes(text string) (*Kubernetes, error) {
	k := &Kubernetes{CPU: 1, Memory: "1Gi", Retries: 3}
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("no settings: want image=IMAGE,claim=PVC[,namespace=NS][,cpu=N][,memory=SIZE][,retries=N][,mount=PATH]")
	}
	for _, kv := range strings.Split(text, ",") {
		key, value, ok := strings.Cut(kv, "=")
		if !ok || value == "" {
			return nil, fmt.Errorf("%q: want KEY=VALUE", kv)
		}
		var err error
		switch key {
		case "image":
			if strings.ContainsAny(value, " \t\n\"") {
				err = fmt.Errorf("image %q: holds a space or a quote", value)
			}
			k.Image = value
		case "claim", "namespace":
			if !dnsLabel.MatchString(value) {
				err = fmt.Errorf("%s %q: want a name of lower-case letters, digits and '-'", key, value)
			}
			if key == "claim" {
				k.Claim = value
			} else {
				k.Namespace = value
			}
		case "cpu", "retries":
			n, aerr := strconv.Atoi(value)
			low := map[string]int{"cpu": 1, "retries": 0}[key]
			if aerr != nil || n < low || n > 1000 {
				err = fmt.Errorf("%s %q: want a whole number from %d to 1000", key, value, low)
			}
			if key == "cpu" {
				k.CPU = n
			} else {
				k.Retries = n
			}
		case "memory":
			if !quantity.MatchString(value) {
				err = fmt.Errorf("memory %q: want a size such as 512Mi or 2Gi", value)
			}
			k.Memory = value
		case "mount":
			if !strings.HasPrefix(value, "/") || path.Clean(value) != value {
				err = fmt.Errorf("mount %q: want an absolute path, such as /results", value)
			}
			k.Mount = value
		default:
			err = fmt.Errorf("%q: unknown setting (want image, claim, namespace, cpu, memory, retries or mount)", key)
		}
		if err != nil {
			return nil, err
		}
	}
	if k.Image == "" || k.Claim == "" {
		return nil, fmt.Errorf("%q: image= and claim= are required", text)
	}
	return k, nil
}

var (
	dnsLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)
	quantity = regexp.MustCompile(`^[1-9][0-9]{0,9}(Ki|Mi|Gi|Ti)$`)
)

// Name returns "kubernetes".
func (*Kubernetes) Name() string { return "kubernetes" }

// TaskLogs returns "DIR/shard-K.log": the job script appends a pod's output there
// (COLONY_TASK_LOG), since a pod's own log goes with the pod.
func (*Kubernetes) TaskLogs() string { return "DIR/shard-K.log" }

// kubectl returns the kubectl command line of args, with the namespace.
func (k *Kubernetes) kubectl(ctx context.Context, args ...string) *exec.Cmd {
	if k.Namespace != "" {
		args = append([]string{"--namespace", k.Namespace}, args...)
	}
	return exec.CommandContext(ctx, command(k.Kubectl, "kubectl"), args...)
}

// CancelCommand returns "kubectl [--namespace NS] delete job ID".
func (k *Kubernetes) CancelCommand(id string) string {
	args := k.kubectl(context.Background(), "delete", "job", id).Args[1:]
	return strings.Join(append([]string{"kubectl"}, args...), " ")
}

// The parts of a Kubernetes Job that RenderJob writes (their JSON names are the
// API's; deploy/k8s/validate decodes the result strictly into k8s.io/api's types).
type (
	k8sMeta struct {
		GenerateName string            `json:"generateName,omitempty"`
		Labels       map[string]string `json:"labels"`
	}
	k8sJob struct {
		APIVersion string     `json:"apiVersion"`
		Kind       string     `json:"kind"`
		Metadata   k8sMeta    `json:"metadata"`
		Spec       k8sJobSpec `json:"spec"`
	}
	k8sJobSpec struct {
		CompletionMode          string           `json:"completionMode"`
		Completions             int              `json:"completions"`
		Parallelism             int              `json:"parallelism"`
		BackoffLimitPerIndex    int              `json:"backoffLimitPerIndex"`
		PodFailurePolicy        k8sFailurePolicy `json:"podFailurePolicy"`
		TTLSecondsAfterFinished int              `json:"ttlSecondsAfterFinished"`
		Template                k8sPodTemplate   `json:"template"`
	}
	k8sFailurePolicy struct {
		Rules []k8sFailureRule `json:"rules"`
	}
	k8sFailureRule struct {
		Action          string              `json:"action"`
		OnPodConditions []map[string]string `json:"onPodConditions,omitempty"`
		OnExitCodes     *k8sExitCodes       `json:"onExitCodes,omitempty"`
	}
	k8sExitCodes struct {
		ContainerName string `json:"containerName"`
		Operator      string `json:"operator"`
		Values        []int  `json:"values"`
	}
	k8sPodTemplate struct {
		Metadata k8sMeta    `json:"metadata"`
		Spec     k8sPodSpec `json:"spec"`
	}
	k8sPodSpec struct {
		RestartPolicy   string         `json:"restartPolicy"`
		SecurityContext map[string]any `json:"securityContext"`
		Containers      []k8sContainer `json:"containers"`
		Volumes         []k8sVolume    `json:"volumes"`
	}
	k8sContainer struct {
		Name         string              `json:"name"`
		Image        string              `json:"image"`
		Command      []string            `json:"command"`
		Env          []map[string]string `json:"env"`
		Resources    map[string]any      `json:"resources"`
		VolumeMounts []map[string]string `json:"volumeMounts"`
	}
	k8sVolume struct {
		Name                  string            `json:"name"`
		PersistentVolumeClaim map[string]string `json:"persistentVolumeClaim"`
	}
)

// RenderJob returns the indexed Job of batch b as JSON: b.Tasks pods at once, pod
// of completion index I playing shard I+1 (the job script's rule, the same shards
// as under Slurm) by running the image's job script on the results directory b.Dir,
// in the claim mounted at Mount (or at b.Dir); restartPolicy Never with Retries retries per
// index (backoffLimitPerIndex), disruptions (preemption, eviction, a drained node)
// not counted (podFailurePolicy: DisruptionTarget → Ignore) and a task that exits
// with status 2 (bad input: a retry cannot help) failing its index at once; CPU and
// memory requested and limited; the Job deleted a day after it has finished.
func (k *Kubernetes) RenderJob(b *Batch) ([]byte, error) {
	if !strings.HasPrefix(b.Dir, "/") {
		return nil, fmt.Errorf("the results directory %q is not absolute", b.Dir)
	}
	mount := k.Mount
	if mount == "" {
		mount = b.Dir
	}
	if dir := path.Clean(b.Dir); mount != "/" && dir != mount && !strings.HasPrefix(dir, mount+"/") {
		return nil, fmt.Errorf("the results directory %s is not in the claim's mount %s", b.Dir, mount)
	}
	labels := map[string]string{"app.kubernetes.io/name": "colony", "app.kubernetes.io/component": "sprt-task",
		"colony/batch": strconv.Itoa(b.Number)}
	res := map[string]string{"cpu": strconv.Itoa(k.CPU), "memory": k.Memory}
	job := k8sJob{APIVersion: "batch/v1", Kind: "Job",
		Metadata: k8sMeta{GenerateName: fmt.Sprintf("colony-sprt-%d-", b.Number), Labels: labels},
		Spec: k8sJobSpec{CompletionMode: "Indexed", Completions: b.Tasks, Parallelism: b.Tasks,
			BackoffLimitPerIndex: k.Retries,
			PodFailurePolicy: k8sFailurePolicy{Rules: []k8sFailureRule{
				{Action: "Ignore", OnPodConditions: []map[string]string{{"type": "DisruptionTarget"}}},
				{Action: "FailIndex", OnExitCodes: &k8sExitCodes{ContainerName: "task", Operator: "In", Values: []int{2}}},
			}},
			TTLSecondsAfterFinished: 86400,
			Template: k8sPodTemplate{Metadata: k8sMeta{Labels: labels}, Spec: k8sPodSpec{
				RestartPolicy:   "Never",
				SecurityContext: map[string]any{"runAsNonRoot": true, "runAsUser": 10001, "runAsGroup": 10001, "fsGroup": 10001},
				Containers: []k8sContainer{{Name: "task", Image: k.Image, Command: []string{ImageTask, b.Dir},
					Env: []map[string]string{
						{"name": "COLONY_CONCURRENCY", "value": strconv.Itoa(k.CPU)},
						{"name": "COLONY_TASK_LOG", "value": "1"},
					},
					Resources:    map[string]any{"requests": res, "limits": res},
					VolumeMounts: []map[string]string{{"name": "results", "mountPath": mount}}}},
				Volumes: []k8sVolume{{Name: "results", PersistentVolumeClaim: map[string]string{"claimName": k.Claim}}},
			}},
		}}
	data, err := json.MarshalIndent(job, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// SubmitArray creates b's Job (kubectl create -f - -o name) and returns its name.
func (k *Kubernetes) SubmitArray(ctx context.Context, b *Batch) (string, error) {
	job, err := k.RenderJob(b)
	if err != nil {
		return "", err
	}
	cmd := k.kubectl(ctx, "create", "-f", "-", "-o", "name")
	cmd.Stdin = bytes.NewReader(job)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("kubectl create: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	name, ok := strings.CutPrefix(strings.TrimSpace(string(out)), "job.batch/")
	if !ok || !dnsName.MatchString(name) {
		return "", fmt.Errorf("kubectl create: no job name in its output %q", strings.TrimSpace(string(out)))
	}
	return name, nil
}

var dnsName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$`)

// jobStatus is the jsonpath of the Job's status that State reads.
const jobStatus = `{.status.active}{range .status.conditions[*]} {.type}={.status}{end}`

// State returns "running (N pods active)" or "pending (no pod active)" while the Job
// has not finished, "" once it is Complete or Failed or no longer exists.
func (k *Kubernetes) State(ctx context.Context, id string) (string, error) {
	cmd := k.kubectl(ctx, "get", "job", id, "-o", "jsonpath="+jobStatus)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	switch {
	case err != nil && strings.Contains(stderr.String(), "NotFound"):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("kubectl get job %s: %w: %s", id, err, strings.TrimSpace(stderr.String()))
	}
	text := string(out)
	active := "0"
	if !strings.HasPrefix(text, " ") && text != "" {
		active, text, _ = strings.Cut(text, " ")
	}
	for _, cond := range strings.Fields(text) {
		if cond == "Complete=True" || cond == "Failed=True" {
			return "", nil
		}
	}
	if active == "0" {
		return "pending (no pod active)", nil
	}
	return fmt.Sprintf("running (%s pods active)", active), nil
}

// Cancel deletes the Job and its pods.
func (k *Kubernetes) Cancel(ctx context.Context, id string) error {
	cmd := k.kubectl(ctx, "delete", "job", id, "--ignore-not-found", "--wait=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("kubectl delete job %s: %w: %s", id, err, strings.TrimSpace(string(out)))
	}
	return nil
}
