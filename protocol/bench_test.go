package protocol

import (
	"context"
	"io"
	"testing"
	"time"
)

// turnHandler answers every search with the same turn, at once.
type turnHandler struct{}

func (turnHandler) Identity() Identity             { return Identity{Name: "Bench"} }
func (turnHandler) SetOption(string, string) error { return nil }
func (turnHandler) NewGame(string) error           { return nil }
func (turnHandler) Search(context.Context, Position, Limits, func(Info)) (string, error) {
	return "A2>B2", nil
}

// BenchmarkRoundTrip measures the protocol's own cost per turn: a Client and Serve in
// the same process, over io.Pipe, with an engine that answers at once. One operation
// is a position (the start and ten turns), a go and its bestturn.
func BenchmarkRoundTrip(b *testing.B) {
	cr, ew := io.Pipe()
	er, cw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := Serve(context.Background(), er, ew, turnHandler{})
		ew.Close()
		done <- err
	}()
	ctx := context.Background()
	c, err := Connect(ctx, cr, cw, Timeouts{})
	if err != nil {
		b.Fatal(err)
	}
	if err := c.NewGame(ctx, "colony"); err != nil {
		b.Fatal(err)
	}
	moves := []string{"C1", "A2>B2", "C4/B2-B3", "B6>A3/A1-B1", "c1", "e2", "A2>B2", "C1", "d", "f"}
	limits := Limits{MoveTime: 100 * time.Millisecond}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Position(ctx, "", moves); err != nil {
			b.Fatal(err)
		}
		res, err := c.Go(ctx, limits, 10*time.Second, nil)
		if err != nil || res.Turn != "A2>B2" {
			b.Fatalf("%+v, %v", res, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
	if err := c.Close(); err != nil {
		b.Fatal(err)
	}
	if err := <-done; err != nil {
		b.Fatal(err)
	}
}
