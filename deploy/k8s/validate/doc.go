// Package validate holds the schema test of the repository's Kubernetes manifests
// (deploy/k8s/*.yaml) and of the Job that 'colony tournament sprt-driver
// --submitter kubernetes' renders (tournament/sprtdriver/testdata/job.golden.json):
// each document is decoded strictly into the types of k8s.io/api, unknown fields
// refused, then checked for what the API server would refuse and what the project
// requires. It is a module of its own, so that the colony module does not depend
// on Kubernetes' packages: run it with (cd deploy/k8s/validate && go test ./...).
package validate
