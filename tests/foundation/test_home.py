def test_home_lists_public_tournaments(client, tournament):
    response = client.get("/")
    assert response.status_code == 200
    assert "Club Open" in response.content.decode()
